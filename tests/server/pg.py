"""A throw-away PostgreSQL cluster for tests (Debian's server binaries; skipped where absent)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.server.live import free_port


def pg_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class TempPostgres:
    """initdb + pg_ctl in a temporary folder, as the ``postgres`` user when we are root."""

    def __init__(self) -> None:
        bindir = pg_bin()
        if bindir is None:
            raise RuntimeError("PostgreSQL server binaries not found (apt-get install postgresql)")
        self.bin = bindir
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="polemos-pg-"))
        self.data = self.dir / "data"
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")

    def run(self, *args: str) -> None:
        cmd = list(args)
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    @property
    def url(self) -> str:
        return f"postgresql://polemos@127.0.0.1:{self.port}/polemos"

    def start(self) -> TempPostgres:
        self.run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "polemos", "--no-sync")
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-w", "-l", str(self.dir / "log"), "-o",
                 f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
        self.run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "polemos", "polemos")
        return self

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
