"""netem's one exception to the delay wire's drop of root, for DelayWireDropTest: the two threads that run tc
keep CAP_NET_ADMIN, and no other thread of the process has any capability.

Needs root. argv: the wire's path (stack/network-delay/delay_wire.py), a network namespace the caller made
(and deletes: this process cannot once it gave up root) and the UID:GID to become. Gives up root as the wire
does with netem (give_up_root, a keeper thread in the namespace), then tries a qdisc change there (pfifo: this
machine's kernel may have no netem) from the keeper and from a thread that entered the same namespace but kept
nothing, and prints, one 'name=value' a line:
  keeper.<Field>=<value>   the keeper thread's credential lines (Uid, CapEff, CapAmb, ...)
  others.<Field>=<values>  the same over every other thread, distinct values joined by ' | '
  keeper.tc=<exit code>    tc qdisc replace ... pfifo from the keeper, as the user it became
  plain.tc=<exit code>     the same from the other thread
"""

import importlib.util
import os
import subprocess
import sys

WIRE, NS, RUN_AS = sys.argv[1:4]
# delay_wire.py imports its sibling privileges.py, as when it runs as a script from its folder.
sys.path.insert(0, os.path.dirname(os.path.abspath(WIRE)))
spec = importlib.util.spec_from_file_location("delay_wire", WIRE)
wire = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wire)
privileges = wire.privileges


def tc():
    return subprocess.run(["tc", "qdisc", "replace", "dev", "lo", "root", "pfifo"], stderr=subprocess.DEVNULL).returncode


privileges.no_new_privileges()
keeper = wire.NamespaceWorker(NS)
plain = wire.NamespaceWorker(NS)
uid, gid = privileges.parse_ids(RUN_AS)
wire.give_up_root(uid, gid, [keeper])
others = {}
for tid in os.listdir("/proc/self/task"):
    if int(tid) != keeper.tid:
        for name, value in privileges.task_status(tid).items():
            others.setdefault(name, set()).add(value)
for name, value in sorted(privileges.task_status(keeper.tid).items()):
    print(f"keeper.{name}={value}")
for name, values in sorted(others.items()):
    print(f"others.{name}={' | '.join(sorted(values))}")
print(f"keeper.tc={keeper.call(tc)}")
print(f"plain.tc={plain.call(tc)}", flush=True)
