#!/usr/bin/env python3
"""The lab's packet-level network delay between two network namespaces it made.

A "delay wire": one TUN device in each namespace (near: the brokers' side, far: the
producer's), and this process moving every packet from one to the other after half
the requested round-trip time, in each direction. It acts on packets, so TCP's window,
slow start and in-flight requests see the round-trip time as over a real long link
(a delaying proxy would hide the window: see docs/network-delay.md).
Devices are opened with IFF_VNET_HDR and TCP segmentation offload, so the kernel hands
over segments of up to 64 KB and the per-packet cost stays low; their MTU stays 1500.

Also, in the same process (each socket made in its namespace by a thread pinned there):
  - relays: TCP listeners in one namespace forwarding to an address in another; the
    brokers' far-side listeners (near 10.77.0.1:2909N -> host 127.0.0.1:2909N, the
    relay's receive buffer set like the broker's socket.receive.buffer.bytes), and the
    producer-app's HTTP port (host 127.0.0.1:8080 -> far 127.0.0.1:8080). The relay's
    hops carry no delay; only the wire does.
  - a probe: every 200 ms a 64-byte TCP echo from the far namespace to the near one,
    over the wire, timing the round trip actually added.
  - an HTTP control API on the host's 127.0.0.1 (GET/POST /delay), with the apps' policy for
    changes (control_refusal): application/json only, no Origin header, a loopback Host (reads too), a
    bounded body; a web page the user visits cannot set the delay.

Fails closed: when this process ends, its TUN devices vanish and the link is gone.
Needs root to set itself up (CAP_NET_ADMIN, CAP_SYS_ADMIN for setns, /dev/net/tun); with --run-as it then
becomes that user, with no capabilities (privileges.py) but, with netem, CAP_NET_ADMIN in the two threads that
change the qdiscs. Standard library only.
"""

import argparse
import collections
import ctypes
import fcntl
import heapq
import json
import os
import random
import select
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Imported while the process can still read the standard library: once it runs as another user (--run-as), a
# module imported late may live where that user cannot read (a root's pyenv). socket.getaddrinfo, which every
# relay's connection calls, encodes the host with the idna codec, imported on first use.
import encodings.idna  # noqa: F401
import privileges

TUNSETIFF = 0x400454CA
TUNSETOFFLOAD = 0x400454D0
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
IFF_VNET_HDR = 0x4000
TUN_F_CSUM = 0x01
TUN_F_TSO4 = 0x02
TUN_F_TSO6 = 0x04
CLONE_NEWNET = 0x40000000
MAX_DELAY_MS = 10_000
# A change is a few numbers: a larger body is no client of the lab's.
MAX_BODY_BYTES = 4096
# The names a change may be addressed to (the Host header, without its port), as lab-core's LocalControl.
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}

libc = ctypes.CDLL(None, use_errno=True)


def setns(path):
    """Moves the calling thread (only it) into the network namespace at path."""
    fd = os.open(path, os.O_RDONLY)
    try:
        if libc.setns(fd, CLONE_NEWNET) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"setns({path}): {os.strerror(err)}")
    finally:
        os.close(fd)


def ns_path(name):
    return "/proc/self/ns/net" if name == "host" else f"/var/run/netns/{name}"


class NamespaceWorker:
    """A thread that enters a namespace once, while the process is root, and runs calls there on request.

    setns needs CAP_SYS_ADMIN and moves the calling thread only; a thread that entered keeps making its sockets
    there (and a process it starts begins there) after the process gave up root (--run-as). So every socket the
    wire makes in a namespace after set-up (a relay's upstream connection, a listener made again for another
    receive buffer) and every netem change's tc is made on one of these. Calls run one at a time.
    """

    def __init__(self, ns):
        self.ns = ns
        self.tid = None
        self.requests = collections.deque()
        self.cond = threading.Condition()
        entered, box = threading.Event(), {}
        threading.Thread(target=self.run, args=(entered, box), daemon=True, name=f"in-{ns}").start()
        entered.wait()
        if "error" in box:
            raise box["error"]

    def run(self, entered, box):
        try:
            setns(ns_path(self.ns))
            self.tid = threading.get_native_id()
        except BaseException as e:  # handed back to the constructor
            box["error"] = e
            return
        finally:
            entered.set()
        while True:
            with self.cond:
                while not self.requests:
                    self.cond.wait()
                fn, args, answer, done = self.requests.popleft()
            try:
                answer["value"] = fn(*args)
            except BaseException as e:  # handed back to the caller
                answer["error"] = e
            done.set()

    def call(self, fn, *args):
        """fn(*args) on this thread, inside its namespace; its result, or what it raised."""
        answer, done = {}, threading.Event()
        with self.cond:
            self.requests.append((fn, args, answer, done))
            self.cond.notify()
        done.wait()
        if "error" in answer:
            raise answer["error"]
        return answer["value"]


def open_tun(name):
    fd = os.open("/dev/net/tun", os.O_RDWR)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI | IFF_VNET_HDR))
    fcntl.ioctl(fd, TUNSETOFFLOAD, TUN_F_CSUM | TUN_F_TSO4 | TUN_F_TSO6)
    return fd


class Delay:
    """The delay in effect, changed live; read by both directions of the wire."""

    def __init__(self):
        self.lock = threading.Lock()
        self.rtt_ms = 0.0
        self.jitter_ms = 0.0
        self.loss = 0.0
        self.since = time.time()

    def set(self, rtt_ms, jitter_ms, loss):
        with self.lock:
            self.rtt_ms, self.jitter_ms, self.loss = rtt_ms, jitter_ms, loss
            self.since = time.time()

    def get(self):
        with self.lock:
            return self.rtt_ms, self.jitter_ms, self.loss, self.since


class Direction:
    """One direction of the wire: read from src, hold, write to dst in order."""

    def __init__(self, name, src, dst, delay, stats):
        self.name, self.src, self.dst, self.delay, self.stats = name, src, dst, delay, stats
        self.queue = collections.deque()
        self.cond = threading.Condition()
        self.last_release = 0.0

    def reader(self):
        while True:
            packet = os.read(self.src, 65536 + 64)
            rtt, jitter, loss, _ = self.delay.get()
            if loss > 0 and random.random() < loss / 100.0:
                self.stats[self.name + "_dropped"] += 1
                continue
            one_way = rtt / 2000.0
            if jitter > 0:
                one_way += random.uniform(-jitter, jitter) / 2000.0
            # Never reorder: a packet leaves no earlier than the one before it (TCP would
            # read reordering as loss, which a real link with jitter mostly does not do).
            release = max(time.monotonic() + max(one_way, 0.0), self.last_release)
            self.last_release = release
            with self.cond:
                self.queue.append((release, packet))
                self.cond.notify()

    def writer(self):
        while True:
            with self.cond:
                while not self.queue:
                    self.cond.wait()
                release, packet = self.queue[0]
                wait = release - time.monotonic()
                if wait > 0:
                    self.cond.wait(wait)
                    continue
                self.queue.popleft()
            os.write(self.dst, packet)
            self.stats[self.name + "_packets"] += 1
            self.stats[self.name + "_bytes"] += len(packet) - 10


def pump(a, b):
    """Copies a -> b until either side closes."""
    try:
        while True:
            data = a.recv(262144)
            if not data:
                break
            b.sendall(data)
    except OSError:
        pass
    finally:
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def connected(address):
    s = socket.create_connection(address, timeout=10)
    s.settimeout(None)
    return s


class Connector(NamespaceWorker):
    """A thread pinned in a namespace that makes connected sockets there on request."""

    def connect(self, address):
        return self.call(connected, address)


class Relay:
    """A TCP listener in one namespace forwarding each connection to an address in another.

    The receive buffer of the listener (0: the kernel tunes it) is what the far producer's
    connections see as the broker's socket.receive.buffer.bytes: it is set before listen(),
    since the window scale is agreed in the handshake, and a change re-creates the listener,
    so it applies to the connections made after it (a producer settings change makes new ones).
    """

    def __init__(self, listener, listen_addr, connector, target, rcvbuf):
        """listener: the NamespaceWorker of the namespace it listens in; connector: the Connector of the target's."""
        self.listener, self.listen_addr, self.connector, self.target = listener, listen_addr, connector, target
        self.lock = threading.Lock()
        self.rcvbuf = None
        self.server = None
        self.rebind(rcvbuf)

    def rebind(self, rcvbuf):
        with self.lock:
            if rcvbuf == self.rcvbuf:
                return
            old = self.server

            def make():
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if rcvbuf > 0:
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
                if old is not None:
                    # shutdown() stops the listener and wakes its accept(); close() alone would
                    # leave the port taken while that accept() still holds the socket.
                    try:
                        old.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
                    old.close()
                s.bind(self.listen_addr)
                s.listen(64)
                return s

            self.server = self.listener.call(make)
            self.rcvbuf = rcvbuf
            threading.Thread(target=self.accept_loop, args=(self.server,), daemon=True).start()

    def accept_loop(self, server):
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return  # closed by a rebind
            client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            try:
                upstream = self.connector.connect(self.target)
            except OSError:
                client.close()
                continue
            upstream.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=pump, args=(client, upstream), daemon=True).start()
            threading.Thread(target=pump, args=(upstream, client), daemon=True).start()


class Probe:
    """Times a 64-byte TCP echo from the far namespace to the near one, over the wire."""

    def __init__(self, far_ns, near, near_ip, port):
        """near: the NamespaceWorker of the namespace the echo listens in."""
        self.samples = collections.deque(maxlen=300)
        self.lock = threading.Lock()

        def echo_server():
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((near_ip, port))
            s.listen(4)
            return s

        server = near.call(echo_server)

        def serve():
            while True:
                c, _ = server.accept()
                c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

                def echo(conn=c):
                    try:
                        while True:
                            data = conn.recv(64)
                            if not data:
                                break
                            conn.sendall(data)
                    except OSError:
                        pass
                    conn.close()

                threading.Thread(target=echo, daemon=True).start()

        threading.Thread(target=serve, daemon=True).start()
        self.connector = Connector(far_ns)
        self.target = (near_ip, port)
        threading.Thread(target=self.run, daemon=True, name="probe").start()

    def run(self):
        conn = None
        payload = b"x" * 64
        while True:
            try:
                if conn is None:
                    conn = self.connector.connect(self.target)
                    conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                    conn.settimeout(15)
                t0 = time.perf_counter()
                conn.sendall(payload)
                got = 0
                while got < len(payload):
                    data = conn.recv(64)
                    if not data:
                        raise OSError("echo closed")
                    got += len(data)
                rtt = (time.perf_counter() - t0) * 1000.0
                with self.lock:
                    self.samples.append((time.time(), rtt))
            except OSError:
                if conn is not None:
                    conn.close()
                conn = None
            time.sleep(0.2)

    def since(self, t):
        with self.lock:
            values = sorted(r for (at, r) in self.samples if at >= t)
        if not values:
            return None

        def pct(p):
            return round(values[min(len(values) - 1, int(p * len(values)))], 3)

        return {"samples": len(values), "p50": pct(0.5), "p99": pct(0.99), "min": round(values[0], 3),
                "max": round(values[-1], 3)}


def host_name(host):
    """The name of a Host header without its port; an IPv6 literal keeps its brackets.

    One without brackets (more than one ':') is an address whole: no port can be told apart from it.
    """
    h = host.strip().lower()
    if h.startswith("["):
        end = h.find("]")
        return h if end < 0 else h[:end + 1]
    return h if h.count(":") > 1 else h.partition(":")[0]


def control_refusal(method, headers):
    """Why a request may not change the delay, as (HTTP status, reason), or None when it may.

    The policy of the apps' control endpoints (lab-core's LocalControl), in their words: the port has
    no login, so a write must come without Origin (a browser sends it with every such request a page
    makes; scripts, the runner and curl send none) and name a loopback host if it names one (a page
    that rebinds its own name to 127.0.0.1 still sends that name). It takes application/json only (a
    page can send text/plain without asking first) and a declared, bounded body. A read needs the
    loopback Host too: a page that rebound its name could read the answer.
    headers: a mapping whose get(name) is None for a header that is absent.
    """
    host = headers.get("Host")
    if method in ("GET", "HEAD", "OPTIONS"):
        if host is not None and host_name(host) not in LOOPBACK_HOSTS:
            return 403, (f"the lab's endpoints answer requests addressed to 127.0.0.1, localhost or ::1 only"
                         f" (Host: {host}): a web page may not read them by rebinding its name")
        return None
    origin = headers.get("Origin")
    if origin is not None:
        return 403, (f"a request from a web page (Origin: {origin}) may not change the lab: its control endpoints"
                     " take requests from scripts, the runner and curl only")
    if host is not None and host_name(host) not in LOOPBACK_HOSTS:
        return 403, f"the lab's control endpoints take changes addressed to 127.0.0.1, localhost or ::1 only (Host: {host})"
    content_type = headers.get("Content-Type")
    if content_type is None or content_type.split(";")[0].strip().lower() != "application/json":
        return 415, f"{method} /delay takes application/json only (Content-Type: {content_type or 'none'})"
    length = headers.get("Content-Length")
    if length is None:
        return 411, f"{method} /delay needs a Content-Length (at most {MAX_BODY_BYTES} bytes)"
    if not length.strip().isdigit():
        return 400, f"Content-Length must be a number of bytes; got {length}"
    if int(length) > MAX_BODY_BYTES:
        return 413, f"the body may be at most {MAX_BODY_BYTES} bytes; Content-Length: {int(length)}"
    return None


def control_server(port, delay, probe, stats, mechanism, apply, relays, default_rcvbuf):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def answer(self, status, body):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def state(self):
            rtt, jitter, loss, since = delay.get()
            # Only probes that started at least 0.5 s after the change count for the new delay.
            rcvbuf = relays[0].rcvbuf if relays else default_rcvbuf
            return {"mechanism": mechanism, "rttMs": rtt, "jitterMs": jitter, "lossPercent": loss,
                    "receiveBufferBytes": rcvbuf if rcvbuf > 0 else -1,
                    "since": since, "measuredRttMs": probe.since(since + 0.5), "counters": dict(stats)}

        def do_GET(self):
            refused = control_refusal("GET", self.headers)
            if refused:
                return self.answer(refused[0], {"error": refused[1]})
            if self.path.split("?")[0] != "/delay":
                return self.answer(404, {"error": "GET /delay or POST /delay"})
            self.answer(200, self.state())

        def do_POST(self):
            refused = control_refusal("POST", self.headers)
            if refused:
                # The body, if any, is not read: the connection closes after the answer.
                self.close_connection = True
                return self.answer(refused[0], {"error": refused[1]})
            if self.path != "/delay":
                return self.answer(404, {"error": "POST /delay {\"rttMs\": 50}"})
            try:
                length = int(self.headers.get("Content-Length"))
                body = json.loads(self.rfile.read(length) or b"{}")
                if not isinstance(body, dict):
                    raise ValueError("the body must be a JSON object")
                unknown = set(body) - {"rttMs", "jitterMs", "lossPercent", "receiveBufferBytes"}
                if unknown:
                    raise ValueError(f"unknown field '{sorted(unknown)[0]}'; accepted: jitterMs, lossPercent,"
                                     " receiveBufferBytes, rttMs")
                rcvbuf = body.get("receiveBufferBytes", default_rcvbuf)
                if isinstance(rcvbuf, bool) or not isinstance(rcvbuf, int) or not (
                        rcvbuf == -1 or 1024 <= rcvbuf <= 64 * 1024 * 1024):
                    raise ValueError(f"receiveBufferBytes must be -1 (the kernel tunes it) or 1024..67108864;"
                                     f" got {json.dumps(rcvbuf)}")
                values = {}
                for name, top in (("rttMs", MAX_DELAY_MS), ("jitterMs", MAX_DELAY_MS), ("lossPercent", 100)):
                    v = body.get(name, 0)
                    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= top:
                        raise ValueError(f"{name} must be a number from 0 to {top}; got {json.dumps(v)}")
                    values[name] = float(v)
                if values["jitterMs"] > values["rttMs"]:
                    raise ValueError("jitterMs must not exceed rttMs")
            except ValueError as e:
                return self.answer(400, {"error": str(e)})
            try:
                apply(values["rttMs"], values["jitterMs"], values["lossPercent"])
                for r in relays:
                    r.rebind(max(rcvbuf, 0))
            except (OSError, subprocess.CalledProcessError) as e:
                return self.answer(500, {"error": f"could not apply the change: {e}"})
            self.answer(200, self.state())

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    return server


def netem(dev, rtt, jitter, loss):
    """Half the round trip (and jitter, loss) on dev's root qdisc, by tc in the calling thread's namespace."""
    cmd = ["tc", "qdisc", "replace", "dev", dev, "root", "netem", "delay", f"{rtt / 2}ms"]
    if jitter:
        cmd += [f"{jitter / 2}ms"]
    if loss:
        cmd += ["loss", f"{loss / 2}%"]
    subprocess.run(cmd, check=True)


def give_up_root(uid, gid, keepers):
    """Becomes uid/gid with no groups and no capabilities, but CAP_NET_ADMIN in each of keepers' threads (the
    netem changes'); exits when any thread kept more (fail closed: a wire that meant to drop root never serves
    as root)."""
    for w in keepers:
        w.call(privileges.keep_capabilities_through_drop)
    privileges.drop(uid, gid)
    for w in keepers:
        w.call(privileges.keep_only_net_admin)
    refusals = privileges.dropped_refusals(uid, gid, {w.tid for w in keepers})
    if refusals:
        sys.exit("delay wire: root not given up: " + "; ".join(refusals))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--near-ns", required=True)
    p.add_argument("--far-ns", required=True)
    p.add_argument("--near-dev", default="labnear0")
    p.add_argument("--far-dev", default="labfar0")
    p.add_argument("--near-ip", default="10.77.0.1")
    p.add_argument("--far-ip", default="10.77.0.2")
    p.add_argument("--mechanism", choices=["tun-wire", "netem"], default="tun-wire",
                   help="netem: the namespaces are joined by a veth pair and delay is set with tc")
    p.add_argument("--relay", action="append", default=[],
                   help="LISTEN_NS:IP:PORT=CONNECT_NS:IP:PORT[/RCVBUF] (repeatable)")
    p.add_argument("--probe-port", type=int, default=29999)
    p.add_argument("--control-port", type=int, default=8079)
    p.add_argument("--ready-file", help="written once the devices exist, the relays listen and root is given up")
    p.add_argument("--run-as", metavar="UID:GID", type=privileges.parse_ids,
                   help="the user to become once set up (without it the wire keeps root, and says so)")
    args = p.parse_args()

    # Before the first thread: every thread inherits it.
    privileges.no_new_privileges()
    delay = Delay()
    stats = collections.Counter()
    workers = {}

    def worker(ns):
        if ns not in workers:
            workers[ns] = NamespaceWorker(ns)
        return workers[ns]

    def ip(*words):
        subprocess.run(["ip", *words], check=True)

    if args.mechanism == "tun-wire":
        near = worker(args.near_ns).call(open_tun, args.near_dev)
        far = worker(args.far_ns).call(open_tun, args.far_dev)
    else:
        ip("link", "add", args.near_dev, "netns", args.near_ns, "type", "veth", "peer", "name", args.far_dev,
           "netns", args.far_ns)
    for ns, dev, address in ((args.near_ns, args.near_dev, args.near_ip), (args.far_ns, args.far_dev, args.far_ip)):
        ip("-n", ns, "link", "set", dev, "mtu", "1500")
        ip("-n", ns, "addr", "add", address + "/30", "dev", dev)
        ip("-n", ns, "link", "set", dev, "up")
    # The threads that keep CAP_NET_ADMIN after root is given up: netem's only (tc, in each namespace).
    keepers = []
    if args.mechanism == "tun-wire":
        for d in (Direction("to_far", near, far, delay, stats), Direction("to_near", far, near, delay, stats)):
            threading.Thread(target=d.reader, daemon=True, name=d.name + "-read").start()
            threading.Thread(target=d.writer, daemon=True, name=d.name + "-write").start()

        def apply(rtt, jitter, loss):
            delay.set(rtt, jitter, loss)
    else:
        keepers = [NamespaceWorker(args.near_ns), NamespaceWorker(args.far_ns)]

        def apply(rtt, jitter, loss):
            # netem on each end of the veth pair: half the round trip each way.
            for w, dev in zip(keepers, (args.near_dev, args.far_dev)):
                w.call(netem, dev, rtt, jitter, loss)
            delay.set(rtt, jitter, loss)
        apply(0, 0, 0)

    connectors = {}
    broker_relays = []
    for spec in args.relay:
        listen, _, rest = spec.partition("=")
        target, _, rcvbuf = rest.partition("/")
        lns, lip, lport = listen.split(":")
        cns, cip, cport = target.split(":")
        if cns not in connectors:
            connectors[cns] = Connector(cns)
        r = Relay(worker(lns), (lip, int(lport)), connectors[cns], (cip, int(cport)), int(rcvbuf) if rcvbuf else 0)
        if rcvbuf:
            broker_relays.append(r)  # the far producer's connections end here: their window is settable
    probe = Probe(args.far_ns, worker(args.near_ns), args.near_ip, args.probe_port)
    default_rcvbuf = broker_relays[0].rcvbuf if broker_relays else 0
    server = control_server(args.control_port, delay, probe, stats, args.mechanism, apply, broker_relays,
                            default_rcvbuf)
    # Opened as root: the user the wire becomes may have no right to the ready file's folder (nobody's, for one).
    ready = None
    if args.ready_file:
        ready = os.open(args.ready_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    if args.run_as:
        give_up_root(*args.run_as, keepers)
        runs_as = f"uid {args.run_as[0]}, gid {args.run_as[1]}, " + (
            "CAP_NET_ADMIN in its tc threads only" if keepers else "no capabilities")
    else:
        runs_as = f"uid {os.geteuid()}: no --run-as, privileges kept"
    if ready is not None:
        os.write(ready, str(os.getpid()).encode())
        os.close(ready)
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    print(f"delay wire up ({args.mechanism}, {runs_as}): control http://127.0.0.1:{args.control_port}/delay",
          flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
