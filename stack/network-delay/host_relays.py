#!/usr/bin/env python3
"""The brokers as the lab's namespace hosts reach them (scripts/lab up --local --hosts).

Each namespace host is a network namespace the lab made, joined to the machine by a veth pair: the
runner and Prometheus reach its apps over it. Its apps reach the brokers at their REMOTE listeners'
advertised address, 10.77.0.1:2909N, which the lab puts on the host's own loopback; this process listens
there in every host and forwards each connection to the broker's 127.0.0.1:2909N on the machine. One
process for every host and broker (each socket made in its namespace by a thread pinned there, as the
delay wire does: delay_wire.py's Relay and Connector). No delay is added.

Needs root to set itself up (setns); with --run-as it then becomes that user with no capabilities
(privileges.py). Writes --ready-file once every relay listens and root is given up. Standard library only.
"""

import argparse
import os
import signal
import sys
import threading

import delay_wire
import privileges


def parse_relay(spec):
    """LISTEN_NS:IP:PORT=CONNECT_NS:IP:PORT, as the delay wire's --relay (no receive buffer here)."""
    listen, sep, target = spec.partition("=")
    lparts, cparts = listen.split(":"), target.split(":")
    if not sep or len(lparts) != 3 or len(cparts) != 3 or not lparts[2].isdigit() or not cparts[2].isdigit():
        raise argparse.ArgumentTypeError(f"expected LISTEN_NS:IP:PORT=CONNECT_NS:IP:PORT, got {spec!r}")
    return (lparts[0], lparts[1], int(lparts[2])), (cparts[0], cparts[1], int(cparts[2]))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--relay", action="append", type=parse_relay, required=True,
                   help="LISTEN_NS:IP:PORT=CONNECT_NS:IP:PORT (repeatable)")
    p.add_argument("--ready-file", help="written once the relays listen and root is given up")
    p.add_argument("--run-as", metavar="UID:GID", type=privileges.parse_ids,
                   help="the user to become once set up (without it the relays keep root, and say so)")
    args = p.parse_args()

    privileges.no_new_privileges()
    workers, connectors = {}, {}
    for (lns, lip, lport), (cns, cip, cport) in args.relay:
        if lns not in workers:
            workers[lns] = delay_wire.NamespaceWorker(lns)
        if cns not in connectors:
            connectors[cns] = delay_wire.Connector(cns)
        delay_wire.Relay(workers[lns], (lip, lport), connectors[cns], (cip, cport), 0)
    ready = None
    if args.ready_file:
        ready = os.open(args.ready_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    if args.run_as:
        privileges.drop(*args.run_as)
        refusals = privileges.dropped_refusals(*args.run_as)
        if refusals:
            sys.exit("host relays: root not given up: " + "; ".join(refusals))
        runs_as = f"uid {args.run_as[0]}, gid {args.run_as[1]}, no capabilities"
    else:
        runs_as = f"uid {os.geteuid()}: no --run-as, privileges kept"
    if ready is not None:
        os.write(ready, str(os.getpid()).encode())
        os.close(ready)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    print(f"host relays up ({len(args.relay)} relays, {runs_as})", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
