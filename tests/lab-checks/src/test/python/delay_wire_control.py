"""The delay wire's control server alone, for DelayWireControlTest: no namespaces, no TUN devices,
no root. Loads stack/network-delay/delay_wire.py by its path (argv[1]), serves its control API on an
ephemeral port of 127.0.0.1 with a probe that has measured nothing and an apply that only records
the delay (as the TUN wire's does), the relays' receive buffer scripts/lab gives them
(RELAY_RCVBUF), prints the port, and serves until it is stopped."""

import collections
import importlib.util
import os
import sys

# delay_wire.py imports its sibling privileges.py, as when it runs as a script from its folder.
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[1])))
spec = importlib.util.spec_from_file_location("delay_wire", sys.argv[1])
wire = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wire)


class NoProbe:
    def since(self, t):
        return None


delay = wire.Delay()
server = wire.control_server(0, delay, NoProbe(), collections.Counter(), "control-only", delay.set, [], 102400)
print(server.server_address[1], flush=True)
server.serve_forever()
