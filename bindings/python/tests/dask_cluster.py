# SPDX-License-Identifier: MIT
"""A Dask cluster of separate processes for the drivers' slow tests
(test_match_dask.py, test_selfplay.py): a scheduler whose restart on the
same address they must outlive, and workers restarted as a supervisor
would."""

import os
import subprocess
import sys
import time
from typing import List


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A dask scheduler and two single-thread workers as separate processes
    on this machine, the workers restarted whenever they exit (as a
    supervisor such as systemd restarts them: Dask's workers end when
    their scheduler goes away)."""

    def __init__(self, tmp: str) -> None:
        import threading
        self.port = free_port()
        self.address = "tcp://127.0.0.1:%d" % self.port
        self.tmp = tmp
        self.scheduler = self._scheduler()
        self.workers: List["subprocess.Popen[bytes]"] = []
        self.running = True
        self.thread = threading.Thread(target=self._supervise, daemon=True)
        self.thread.start()

    def _start(self, argv: List[str]) -> "subprocess.Popen[bytes]":
        log = open(os.path.join(self.tmp, "cluster.log"), "ab")
        return subprocess.Popen([sys.executable, "-m"] + argv, stdout=log, stderr=log)

    def _scheduler(self) -> "subprocess.Popen[bytes]":
        return self._start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port",
                            str(self.port), "--no-dashboard"])

    def _supervise(self) -> None:
        while self.running:
            self.workers = [w for w in self.workers if w.poll() is None]
            while len(self.workers) < 2:
                self.workers.append(self._start(["distributed.cli.dask_worker", self.address, "--nthreads",
                                                 "1", "--no-dashboard", "--death-timeout", "60"]))
            time.sleep(0.5)

    def restart_scheduler(self) -> None:
        self.scheduler.kill()
        self.scheduler.wait()
        time.sleep(1.0)
        self.scheduler = self._scheduler()

    def stop(self) -> None:
        self.running = False
        self.thread.join()
        for p in self.workers + [self.scheduler]:
            p.kill()
            p.wait()
