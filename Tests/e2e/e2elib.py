"""What the Python e2e scripts share: one result line per case and the count line (lib.sh's
format), so run.sh counts them like the shell scripts, what a signal test asks of a process, and
the one way to wait for something:

  wait_until(condition, timeout, poll=0.05)
      condition() polled until true (returns True) or `timeout` seconds pass (returns False);
      a script says what it awaited in its own failure message.
  wait_exit(proc, timeout)  until a subprocess.Popen has exited: its exit code, or None"""

import subprocess
import time


def wait_until(condition, timeout, poll=0.05):
    """condition() polled every `poll` seconds until it is true (True) or `timeout` seconds have
    passed (False)."""
    deadline = time.time() + timeout
    while True:
        if condition():
            return True
        if time.time() >= deadline:
            return False
        time.sleep(poll)


def wait_exit(proc, timeout):
    """Until `proc` (subprocess.Popen) has exited: its exit code, or None after `timeout` s."""
    try:
        return proc.wait(timeout)
    except subprocess.TimeoutExpired:
        return None


def catches(pid, sig):
    """Whether process `pid` has a handler for `sig` now (SigCgt in /proc/PID/status)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            line = next(l for l in f if l.startswith("SigCgt:"))
        return int(line.split()[1], 16) >> (sig - 1) & 1 == 1
    except (OSError, StopIteration, ValueError):
        return False


def report(title, cases, check):
    """Runs check(*case) for each case, a (problems, what) pair; prints "  ok    NAME: what" or
    "  FAIL  NAME: problems" (NAME the case's first item) and "TITLE: N passed, M failed".
    Returns the exit code: 0 when nothing failed, else 1."""
    passed = failed = 0
    for c in cases:
        problems, what = check(*c)
        if problems:
            failed += 1
            print(f"  FAIL  {c[0]}: {'; '.join(problems)}")
        else:
            passed += 1
            print(f"  ok    {c[0]}: {what}")
    print(f"{title}: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1
