"""``polemos loadtest`` (issue 8): a few games for a few seconds, and the report makes sense. It reports
numbers; no test here depends on how fast anything was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from polemos.server import timing
from polemos.server.loadtest import _percentiles

ROOT = Path(__file__).resolve().parents[2]


def polemos(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from polemos.cli import main; main()", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_8_loadtest_drives_games_on_loopback_and_reports_throughput_latency_and_cpu(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    done = polemos("loadtest", "--games", "3", "--seconds", "3", "--flat-out", "--seed", "1", "--json", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "actions:" in done.stdout and "action latency ms: p50" in done.stdout and "CPU: server" in done.stdout
    report = json.loads(out.read_text())
    assert report["games"] == 3 and report["pace"] is None and "2 worker processes" in report["server"]
    assert report["errors"] == 0 and report["actions"] > 0 and report["views"] > 0
    assert report["actions_per_second"] > 0 and report["server_cpu_cores"] > 0
    assert report["server_cpu_ms_per_action"] > 0 and "ms per action" in done.stdout  # CPU per action (issue 8)
    for kind in ("action_ms", "view_ms"):
        ms = report[kind]
        assert 0 < ms["p50"] <= ms["p95"] <= ms["p99"] <= ms["max"]
    # where the time went inside the server (polemos.server.timing), beside the tool's own loop lag
    inside = report["server_timing"]
    assert "inside the server, action ms" in done.stdout and "event loop lag ms" in done.stdout
    assert inside["actions"]["count"] > 0 and inside["view"]["count"] > 0
    parts = inside["actions"]["ms"]
    for name in ("to thread", "work", "write turn wait", "write (BEGIN..COMMIT)", "page after commit", "in server"):
        assert 0 <= parts[name]["p50"] <= parts[name]["p99"], name
    assert inside["loop_lag_ms"]["p50"] is not None and report["client_loop_lag_ms"]["p50"] is not None
    # the slowest requests taken apart (where the p99 comes from), and the server's hand-overs per action
    assert inside["actions"]["tail_ms"]["count"] >= 1 and "its slowest" in done.stdout
    assert inside["actions"]["in_flight"]["p50"] >= 1
    assert report["server_switches_per_action"] > 0 and "put on a core" in done.stdout


def test_8_loadtest_paced_games_act_at_random_moments(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    done = polemos("loadtest", "--games", "4", "--seconds", "3", "--pace", "0.5", "--seed", "2", "--json", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(out.read_text())
    assert report["arrivals"] == "poisson" and "(Poisson)" in done.stdout
    assert report["errors"] == 0 and report["actions"] > 0


def test_8_loadtest_talks_to_loopback_only() -> None:
    done = polemos("loadtest", "--url", "http://10.1.2.3:8000", "--games", "1", "--seconds", "1")
    assert done.returncode == 1
    assert "only talks to this machine (loopback)" in done.stderr and "Traceback" not in done.stderr


def test_8_the_timing_report_takes_the_slowest_requests_apart_with_the_queue_they_joined() -> None:
    """100 requests of one process, one at a time but for a burst of three at t=50: the slowest 1% is the
    burst's last, which came when three were in the server, and waited for a thread."""
    samples: list[dict[str, Any]] = []
    for k in range(100):
        t0 = float(k)
        long = 0.2 if k == 52 else 0.01
        samples.append({"kind": "actions", "status": 200, "pid": "7", "wall": t0, "t0": t0,
                        "t1": t0 + (long - 0.01), "t2": t0 + long, "t3": t0 + long, "t4": t0 + long,
                        "cpu": 0.004, "runq": 0.001})
    for r in samples[50:53]:  # the burst: 50, 51 and 52 arrive together at t=50
        shift = r["t0"] - 50.0
        for mark in ("t0", "t1", "t2", "t3", "t4"):
            r[mark] -= shift
    samples.append({"kind": "poll", "wall": 1.0, "n": 4, "woken": True})
    out = timing.summarize(samples, _percentiles)
    tail = out["actions"]["tail_ms"]
    assert tail["count"] == 1 and tail["in flight"] == 3.0
    assert tail["to thread"] == 190.0 and tail["in server"] == 200.0 and tail["thread CPU"] == 4.0
    assert out["actions"]["in_flight"]["p50"] == 1.0
    assert out["polled"]["changes"] == 4 and out["polled"]["woken"] == 1
