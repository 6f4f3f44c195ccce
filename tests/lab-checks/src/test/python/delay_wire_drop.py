"""The whole delay wire, given --run-as, between two network namespaces of its own, for DelayWireDropTest.

Needs root. argv: the wire's path (stack/network-delay/delay_wire.py), the near and far namespaces' names
(made here, deleted on the way out whatever happens) and the UID:GID the wire is to become. Starts it as
far_up does (a broker-like relay near -> host, the producer-app's relay host -> far), waits for its ready
file, and prints what it finds, one 'name=value' a line:
  task.<Field>=<values>  each credential line of /proc/<wire>/task/*/status, the distinct values across
                         its threads joined by ' | ' (one value: every thread has it)
  post=<status>          POST /delay of a 40 ms round trip and another receive buffer (the near relay's
                         listener made again, in its namespace, after the drop)
  rttMs=<value>          the round trip a GET /delay reads back
  near.echo=<ms|error>   64 bytes echoed from the far namespace through the wire and the near relay to
                         an echo on the host, timed once connected
  far.echo=<ms|error>    the same from the host through the host relay to an echo in the far namespace
  alive=<yes|no>         whether the wire still runs after all that
"""

import ctypes
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

WIRE, NEAR, FAR, RUN_AS = sys.argv[1:5]
NEAR_IP, RELAY_PORT = "10.77.0.1", 29092
libc = ctypes.CDLL(None, use_errno=True)


def in_namespace(ns, fn):
    """fn() on a thread that entered ns (only that thread: setns is per thread)."""
    box = {}

    def run():
        fd = os.open(f"/var/run/netns/{ns}", os.O_RDONLY)
        try:
            if libc.setns(fd, 0x40000000) != 0:
                raise OSError(ctypes.get_errno(), f"setns {ns}")
            box["value"] = fn()
        except BaseException as e:
            box["error"] = e
        finally:
            os.close(fd)

    t = threading.Thread(target=run)
    t.start()
    t.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


def echo_server():
    """A listener on 127.0.0.1 echoing each connection, made in the caller's namespace; its port."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)

    def serve():
        while True:
            conn, _ = server.accept()

            def echo(c=conn):
                while data := c.recv(4096):
                    c.sendall(data)
                c.close()

            threading.Thread(target=echo, daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    return server.getsockname()[1]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def echoed(connect):
    """Milliseconds 64 bytes take to come back over a connection connect() makes, or the error."""
    try:
        with connect() as c:
            c.settimeout(10)
            started = time.perf_counter()
            c.sendall(b"x" * 64)
            got = b""
            while len(got) < 64:
                data = c.recv(64)
                if not data:
                    return "error: closed after " + str(len(got)) + " bytes"
                got += data
            return f"{(time.perf_counter() - started) * 1000:.1f}"
    except OSError as e:
        return f"error: {e}"


def control(port, method, body=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} if body else {}
    conn.request(method, "/delay", body=json.dumps(body) if body else None, headers=headers)
    answer = conn.getresponse()
    return answer.status, answer.read().decode()


def task_lines(pid):
    values = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{tid}/status") as f:
            for line in f:
                name, _, value = line.partition(":")
                if name in ("Uid", "Gid", "Groups", "CapInh", "CapPrm", "CapEff", "CapAmb", "NoNewPrivs"):
                    values.setdefault(name, set()).add(" ".join(value.split()))
    return values


def main():
    wire = None
    try:
        for ns in (NEAR, FAR):
            subprocess.run(["ip", "netns", "add", ns], check=True)
            subprocess.run(["ip", "-n", ns, "link", "set", "lo", "up"], check=True)
        host_echo = echo_server()
        far_echo = in_namespace(FAR, echo_server)
        control_port, host_relay = free_port(), free_port()
        ready = os.path.join(tempfile.mkdtemp(), "ready")
        wire = subprocess.Popen([sys.executable, WIRE, "--near-ns", NEAR, "--far-ns", FAR, "--mechanism", "tun-wire",
                                 "--control-port", str(control_port), "--ready-file", ready, "--run-as", RUN_AS,
                                 "--relay", f"{NEAR}:{NEAR_IP}:{RELAY_PORT}=host:127.0.0.1:{host_echo}/102400",
                                 "--relay", f"host:127.0.0.1:{host_relay}={FAR}:127.0.0.1:{far_echo}"])
        deadline = time.monotonic() + 20
        while not (os.path.exists(ready) and os.path.getsize(ready) > 0):
            if wire.poll() is not None or time.monotonic() > deadline:
                print(f"ready=no (exit {wire.poll()})", flush=True)
                return
            time.sleep(0.1)
        print("ready=yes")
        for name, values in sorted(task_lines(wire.pid).items()):
            print(f"task.{name}={' | '.join(sorted(values))}")
        status, _ = control(control_port, "POST", {"rttMs": 40, "receiveBufferBytes": 65536})
        print(f"post={status}")
        _, state = control(control_port, "GET")
        print(f"rttMs={json.loads(state)['rttMs']}")
        print("near.echo=" + in_namespace(FAR, lambda: echoed(
            lambda: socket.create_connection((NEAR_IP, RELAY_PORT), timeout=10))))
        print("far.echo=" + echoed(lambda: socket.create_connection(("127.0.0.1", host_relay), timeout=10)))
        print(f"alive={'yes' if wire.poll() is None else 'no'}", flush=True)
    finally:
        if wire is not None and wire.poll() is None:
            wire.send_signal(signal.SIGTERM)
            wire.wait(10)
        for ns in (NEAR, FAR):
            subprocess.run(["ip", "netns", "del", ns], stderr=subprocess.DEVNULL)


main()
