"""How the delay wire gives up root once its devices and listeners exist (docs/security.md).

The wire needs root only to set itself up: to open TUN devices in the lab's namespaces, enter them
(setns, CAP_SYS_ADMIN) and run 'ip' there. What it does afterwards (move packets between fds it holds,
accept on sockets it bound, connect from threads that entered a namespace while they could) needs no
privilege, so it then becomes an ordinary user: real, effective and saved ids of that user, no
supplementary groups, no capabilities, not dumpable (the user it becomes cannot ptrace it and act in the
namespaces through it), and no way back through a set-uid program (no_new_privs).

Credentials are per thread in Linux. glibc's set*id calls change every thread of the process at once,
which drop() relies on; capabilities kept by a thread (keep_only_net_admin) stay that thread's alone.
Standard library only.
"""

import ctypes
import os

PR_SET_DUMPABLE = 4
PR_SET_KEEPCAPS = 8
PR_SET_NO_NEW_PRIVS = 38
PR_CAP_AMBIENT = 47
PR_CAP_AMBIENT_RAISE = 2
CAP_NET_ADMIN = 12
LINUX_CAPABILITY_VERSION_3 = 0x20080522

libc = ctypes.CDLL(None, use_errno=True)


class CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _check(result, what):
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def _prctl(option, arg2, what):
    _check(libc.prctl(option, ctypes.c_ulong(arg2), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)), what)


def parse_ids(text):
    """'UID:GID' as two ints; root's ids are refused, since becoming root is no drop."""
    uid, sep, gid = text.partition(":")
    if not sep or not uid.isdigit() or not gid.isdigit():
        raise ValueError(f"expected UID:GID (numbers), got {text!r}")
    if int(uid) == 0 or int(gid) == 0:
        raise ValueError(f"{text} keeps root's ids: give another user's")
    return int(uid), int(gid)


def no_new_privileges():
    """No program this process runs gains privileges by its set-uid bit or file capabilities.

    Per thread, and inherited by threads made later: called before the wire starts any.
    """
    _prctl(PR_SET_NO_NEW_PRIVS, 1, "prctl(PR_SET_NO_NEW_PRIVS)")


def keep_capabilities_through_drop():
    """The calling thread keeps its permitted capabilities through drop(), to give up all but one after it."""
    _prctl(PR_SET_KEEPCAPS, 1, "prctl(PR_SET_KEEPCAPS)")


def keep_only_net_admin():
    """The calling thread (after drop(), with keep_capabilities_through_drop before it) keeps CAP_NET_ADMIN alone.

    Effective, permitted, inheritable and ambient: the last two so a program it starts (tc) has it too,
    as the user the process became.
    """
    bit = 1 << CAP_NET_ADMIN
    data = (CapData * 2)(CapData(bit, bit, bit), CapData(0, 0, 0))
    _check(libc.capset(ctypes.byref(CapHeader(LINUX_CAPABILITY_VERSION_3, 0)), data), "capset(CAP_NET_ADMIN)")
    _check(libc.prctl(PR_CAP_AMBIENT, ctypes.c_ulong(PR_CAP_AMBIENT_RAISE), ctypes.c_ulong(CAP_NET_ADMIN),
                      ctypes.c_ulong(0), ctypes.c_ulong(0)), "prctl(PR_CAP_AMBIENT_RAISE, CAP_NET_ADMIN)")
    _prctl(PR_SET_KEEPCAPS, 0, "prctl(PR_SET_KEEPCAPS, 0)")


def drop(uid, gid):
    """Every thread becomes uid/gid with no supplementary groups; a thread that was root loses its capabilities
    (all but one that asked to keep them). The kernel makes the process not dumpable on the change of ids; said
    again here, whatever fs.suid_dumpable holds."""
    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    _prctl(PR_SET_DUMPABLE, 0, "prctl(PR_SET_DUMPABLE, 0)")


def task_status(tid):
    """The credential lines of one thread's /proc status, by name (Uid, Gid, Groups, Cap*)."""
    wanted = ("Uid", "Gid", "Groups", "CapInh", "CapPrm", "CapEff", "CapAmb", "NoNewPrivs")
    lines = {}
    with open(f"/proc/self/task/{tid}/status") as f:
        for line in f:
            name, _, value = line.partition(":")
            if name in wanted:
                lines[name] = " ".join(value.split())
    return lines


def dropped_refusals(uid, gid, net_admin_tids=()):
    """What still holds privilege in this process after drop(): one line per thread that does, none when all is
    given up. A thread of net_admin_tids may hold CAP_NET_ADMIN, and nothing else."""
    ids = {"Uid": " ".join([str(uid)] * 4), "Gid": " ".join([str(gid)] * 4), "Groups": ""}
    refusals = []
    for tid in sorted(int(t) for t in os.listdir("/proc/self/task")):
        try:
            status = task_status(tid)
        except FileNotFoundError:
            continue  # a thread that ended meanwhile
        allowed = (1 << CAP_NET_ADMIN) if tid in net_admin_tids else 0
        wrong = [f"{k} {status.get(k)!r}" for k, v in ids.items() if status.get(k) != v]
        wrong += [f"{k} {status.get(k)}" for k in ("CapInh", "CapPrm", "CapEff", "CapAmb")
                  if int(status.get(k, "0"), 16) & ~allowed]
        if status.get("NoNewPrivs") != "1":
            wrong.append(f"NoNewPrivs {status.get('NoNewPrivs')}")
        if wrong:
            refusals.append(f"thread {tid}: " + ", ".join(wrong))
    return refusals
