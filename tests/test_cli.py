"""The ``polemos`` command, driven through typer's CliRunner on the toy game."""

from __future__ import annotations

import json
import re
import sys
import types
from pathlib import Path

import pytest
from typer.testing import CliRunner

import polemos
from polemos.ai import agents
from polemos.cli import app, new_log_lines, render_json
from polemos.core.game import Game, State

runner = CliRunner()


def invoke(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def hot_seat_script(seed: int) -> tuple[list[str], State]:
    """Typed lines that play toy-nim (seed) to the end the way the CLI asks, with some mistakes.

    Returns the lines and the state the game should reach.
    """
    game = polemos.game("toy-nim")
    state = game.new(seed)
    lines = ["banana", "99", "undo"]  # two bad inputs, and an undo with nothing to undo
    undone = False
    while state.outcome() is None:
        role = next(r for r in game.roles if r in state.active_roles())
        legal = state.legal_actions(role)
        takes = [a for a in legal if a.startswith("take")]
        action = takes[-1] if takes else legal[0]
        if action.startswith("take") and not undone:
            lines += [action.upper(), "undo"]  # play a card, take it back, then play it again
            undone = True
        lines.append(str(legal.index(action) + 1) if len(lines) % 2 else action)
        state.apply(role, action)
    return lines, state


# -- games -------------------------------------------------------------------------------------------
def test_games_lists_registered_games() -> None:
    code, out = invoke("games")
    assert code == 0
    assert re.search(r"^toy-nim  Toy Nim  roles: first, second  bots: random$", out, re.M)
    assert "athens-and-sparta" in out


# -- play ----------------------------------------------------------------------------------------------
def test_hot_seat_game_to_the_end_with_mistakes_and_undo(tmp_path: Path) -> None:
    lines, final = hot_seat_script(3)
    code, out = invoke("play", "toy-nim", "--seed", "3", input="\n".join(lines) + "\n")
    assert code == 0, out
    assert "'banana' is not a legal action for first now" in out
    assert "there is no action 99: type 1-2" in out
    assert "cannot undo: nothing to undo" in out
    assert "takes back the last action" in out
    outcome = final.outcome()
    assert outcome is not None
    assert out.rstrip().endswith(f"({outcome.reason})")
    assert ("Game over: draw" if outcome.winner is None else f"Game over: {outcome.winner} wins") in out


def test_hot_seat_shows_prompt_numbered_actions_and_new_log_lines() -> None:
    code, out = invoke("play", "toy-nim", "--seed", "3", input="1\n2\nquit\n")
    assert code == 0
    assert "First: Choose your secret ante\n  1. ante 1\n  2. ante 2" in out  # the role by its name (issue 11)
    assert out.count("| Toy Nim: 15 stones; choose your antes") == 2  # once per role's own log
    assert "| 1. antes 1 and 2; 12 stones left; second moves first" in out
    assert '"heap": 12' in out  # the fallback board: the view as JSON
    assert '"log"' not in out


def test_save_and_load_continue_the_game(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    code, out = invoke("play", "toy-nim", "--seed", "8", input=f"1\n1\nsave {saved}\nquit\n")
    assert code == 0 and f"saved to {saved}" in out
    record = json.loads(saved.read_text())
    assert record["seed"] == 8 and len(record["actions"]) == 2
    code, out = invoke("play", "toy-nim", "--load", str(saved), input="quit\n")
    assert code == 0
    assert "seed 8" in out and "antes 1 and 1" in out


def test_save_without_a_file_and_to_a_bad_path_change_nothing(tmp_path: Path) -> None:
    code, out = invoke("play", "toy-nim", "--seed", "1",
                       input=f"save\nsave {tmp_path}/missing/x.json\nhelp\nquit\n")
    assert code == 0
    assert "usage: save FILE" in out
    assert "cannot save to" in out
    assert "take back your last action" in out  # help text


def test_play_against_a_bot_to_the_end() -> None:
    code, out = invoke("play", "toy-nim", "--vs", "random", "--seat", "second", "--seed", "4",
                       input="1\n" * 60)
    assert code == 0
    assert "you are Second, random plays the rest" in out
    assert "First (random) has acted" in out
    assert "Game over:" in out
    assert "First>" not in out


def test_a_drawn_seed_is_secret_until_the_game_ends() -> None:
    """Issue 8: a seed on the screen would give away the bot's hidden choices and every die to come; the
    seed the command draws (128 bits) is shown only once the game is over."""
    code, out = invoke("play", "toy-nim", "--vs", "random", "--seat", "second", input="1\n" * 60)
    assert code == 0, out
    title, rest = out.split("\n", 1)
    assert "a secret seed (shown when the game ends)" in title and "seed 1" not in title
    game_over = rest.index("Game over:")
    shown = re.search(r"The game's seed was (\d+) ", rest)
    assert shown is not None and shown.start() > game_over
    assert int(shown.group(1)).bit_length() > 64  # drawn from 128 bits, not a small range anyone could try


def test_seed_out_of_range_is_a_clear_error_and_help_states_the_range() -> None:
    for bad in ("-1", str(2**256)):
        code, out = invoke("play", "toy-nim", "--seed", bad, input="")
        assert code != 0
        assert "a seed is a whole number from 0 to 2^256-1" in out
    code, out = invoke("play", "--help")
    assert code == 0 and str(2**256 - 1)[:20] not in out


def test_end_of_input_leaves_the_game_quietly() -> None:
    code, out = invoke("play", "toy-nim", "--seed", "1", input="")
    assert code == 0
    assert "end of input" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "no-such-game"], "no game 'no-such-game'"),
        (["play", "toy-nim", "--vs", "grandmaster"], "no bot 'grandmaster' for toy-nim; choose from: random"),
        (["play", "toy-nim", "--vs", "random", "--seat", "third"], "no seat 'third'"),
        (["play", "toy-nim", "--seat", "second"], "--seat needs --vs"),
        (["play", "toy-nim", "--data", "/no/such/dir"], "data directory /no/such/dir does not exist"),
        (["play", "toy-nim", "--load", "/no/such/record.json"], "cannot read /no/such/record.json"),
    ],
)
def test_play_reports_bad_arguments_clearly(args: list[str], message: str) -> None:
    code, out = invoke(*args, input="quit\n")
    assert code == 1
    assert message in out


def test_load_refuses_a_record_of_another_game(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "athens-and-sparta", "seed": 1, "actions": []}))
    code, out = invoke("play", "toy-nim", "--load", str(path))
    assert code == 1
    assert "is a record of 'athens-and-sparta', not toy-nim" in out


def test_a_game_bug_during_play_is_reported_and_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.toy_game import ToyNimState

    def broken(self: ToyNimState, role: str, action: str) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(ToyNimState, "_apply", broken)
    code, out = invoke("play", "toy-nim", "--seed", "1", input="1\n")
    assert code == 2
    assert "internal error: KeyError: 'boom'; the game so far is saved in" in out


def test_play_with_a_data_directory(tmp_path: Path) -> None:
    (tmp_path / "toy.toml").write_text("heap = 30\n")
    code, out = invoke("play", "toy-nim", "--seed", "1", "--data", str(tmp_path), input="quit\n")
    assert code == 0
    assert "Toy Nim: 30 stones" in out


# -- self-play and bench -----------------------------------------------------------------------------------
def test_selfplay_writes_games_and_summary(tmp_path: Path) -> None:
    out_file = tmp_path / "sp.json"
    code, out = invoke("selfplay", "toy-nim", "--games", "12", "--bots", "random,random", "--seed", "5",
                       "--json", str(out_file))
    assert code == 0
    assert "12 games from seed 5" in out and "draws" in out and "mean length" in out
    doc = json.loads(out_file.read_text())
    assert set(doc) == {"games", "summary"}
    rows = doc["games"]
    assert [r["seed"] for r in rows] == list(range(5, 17))
    for row in rows:
        assert set(row) == {"seed", "winner", "winner_bot", "reason", "steps"}
        assert row["winner"] in ("first", "second", None)
        assert row["winner_bot"] == ("random" if row["winner"] else None)
        assert row["steps"] > 0
    summary = doc["summary"]
    assert {"wins", "bot_wins", "draws", "reasons", "mean_steps"} <= set(summary)
    assert sum(summary["wins"].values()) + summary["draws"] + summary["unfinished"] == 12
    assert summary["bot_wins"] == {"random": sum(summary["wins"].values())}
    assert sum(summary["reasons"].values()) == 12
    assert summary["mean_steps"] == pytest.approx(sum(r["steps"] for r in rows) / 12, abs=0.01)


def test_selfplay_rejects_a_wrong_number_of_bots() -> None:
    code, out = invoke("selfplay", "toy-nim", "--games", "1", "--bots", "random,random,random")
    assert code == 1
    assert "toy-nim has 2 seat(s) (first, second): give one bot per seat, not 3" in out


def test_bench_prints_steps_and_games_per_second() -> None:
    code, out = invoke("bench", "toy-nim", "--steps", "500", "--seed", "2")
    assert code == 0
    lines = out.splitlines()
    assert re.fullmatch(r"\d+(\.\d)? steps/s", lines[0])
    assert re.fullmatch(r"\d+(\.\d)? games/s", lines[1])


# -- replay --------------------------------------------------------------------------------------------
@pytest.fixture
def finished_record(tmp_path: Path) -> Path:
    _, state = hot_seat_script(3)
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(state.record()))
    return path


def test_replay_prints_the_outcome(finished_record: Path) -> None:
    code, out = invoke("replay", str(finished_record))
    assert code == 0
    assert "Toy Nim — seed 3 —" in out
    assert "Game over:" in out


def test_replay_step_by_step_and_quit(finished_record: Path) -> None:
    code, out = invoke("replay", str(finished_record), "--step", "--as", "first", input="\n\nq\n")
    assert code == 0
    assert "1. first: ante 1" in out and "2. second: ante 1" in out and "[3/" in out
    assert not re.search(r"\b3\. (first|second): ", out)  # quit before the third action
    assert '"hand"' in out  # watching as first shows first's hand


def test_replay_step_to_the_end(finished_record: Path) -> None:
    code, out = invoke("replay", str(finished_record), "--step", input="\n" * 100)
    assert code == 0
    assert "Game over:" in out
    assert '"hand"' not in out  # the spectator sees no hands


def test_replay_of_a_saved_game(tmp_path: Path) -> None:
    saved = tmp_path / "g.json"
    invoke("play", "toy-nim", "--seed", "8", input=f"1\n2\nsave {saved}\nquit\n")
    code, out = invoke("replay", str(saved))
    assert code == 0
    assert "2 actions" in out and "Game not over; to act: second" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "is not valid JSON"),
        ("[1, 2]", "a record must be a JSON object"),
        ('{"seed": 1}', "bad record"),
        ('{"game": "toy-nim", "seed": 1, "actions": [["first", "fly"]]}',
         "action 1 (first: 'fly') does not replay"),
        ('{"game": "toy-nim", "seed": 1, "actions": 5}', "'actions' must be a list"),
        ('{"game": "chess", "seed": 1}', "no game 'chess'"),
    ],
)
def test_replay_of_a_malformed_record_fails_clearly(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out = invoke("replay", str(path))
    assert code == 1
    assert out.startswith("error: ")
    assert message in out


def test_replay_of_a_missing_file() -> None:
    code, out = invoke("replay", "/no/such/file.json")
    assert code == 1
    assert "cannot read /no/such/file.json" in out


def _fake_package(monkeypatch: pytest.MonkeyPatch, **modules: types.ModuleType) -> None:
    """Pretend toy-nim's package is polemos.games.fakemap holding ``modules``."""
    monkeypatch.setitem(sys.modules, "polemos.games.fakemap", types.ModuleType("polemos.games.fakemap"))
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, f"polemos.games.fakemap.{name}", module)
    monkeypatch.setitem(agents.GAME_PACKAGES, "toy-nim", "fakemap")


# -- data check ---------------------------------------------------------------------------------------------
def test_data_check_accepts_a_good_directory(tmp_path: Path) -> None:
    (tmp_path / "toy.toml").write_text("heap = 20\nhand_size = 3\n")
    code, out = invoke("data", "check", str(tmp_path), "--game", "toy-nim")
    assert code == 0
    assert out.startswith(f"Toy Nim: checking toy.toml from {tmp_path}\n")
    assert re.search(r"^ok: [0-9a-f]{12}\n\Z", out, re.M)


@pytest.mark.parametrize(
    ("content", "message"),
    [("heap = 200\n", "toy.toml: heap: must be an integer 3-99, not 200"),
     ("heap = \n", "toy.toml: not valid TOML")],
)
def test_data_check_reports_the_broken_constraint(tmp_path: Path, content: str, message: str) -> None:
    (tmp_path / "toy.toml").write_text(content)
    code, out = invoke("data", "check", str(tmp_path), "--game", "toy-nim")
    assert code == 1
    assert message in out


def test_data_check_of_a_missing_directory() -> None:
    code, out = invoke("data", "check", "/no/such/dir", "--game", "toy-nim")
    assert code == 1
    assert "does not exist" in out


def test_data_check_calls_the_game_component_loader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Path] = []
    fake = types.ModuleType("polemos.games.fakemap.data")
    fake.load_components = seen.append  # type: ignore[attr-defined]
    _fake_package(monkeypatch, data=fake)
    (tmp_path / "toy.toml").write_text("heap = 20\n")
    code, _ = invoke("data", "check", str(tmp_path), "--game", "toy-nim")
    assert code == 0
    assert seen == [tmp_path]


# -- map --------------------------------------------------------------------------------------------
def test_map_prefers_render_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    svg = types.ModuleType("polemos.games.fakemap.svg")
    svg.render_map = lambda data: f"<svg>{data}</svg>"  # type: ignore[attr-defined]
    svg.render_svg = lambda board: "<svg>wrong</svg>"  # type: ignore[attr-defined]
    _fake_package(monkeypatch, svg=svg)
    out_file = tmp_path / "map.svg"
    code, out = invoke("map", "toy-nim", "--out", str(out_file))
    assert code == 0 and "wrote" in out
    assert out_file.read_text() == "<svg>None</svg>"


def test_map_falls_back_to_render_svg_of_load_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    svg = types.ModuleType("polemos.games.fakemap.svg")
    svg.render_svg = lambda board: f"<svg>{board}</svg>"  # type: ignore[attr-defined]
    board = types.ModuleType("polemos.games.fakemap.board")
    board.load_board = lambda data: f"board from {data}"  # type: ignore[attr-defined]
    _fake_package(monkeypatch, svg=svg, board=board)
    out_file = tmp_path / "map.svg"
    code, _ = invoke("map", "toy-nim", "--out", str(out_file), "--data", str(tmp_path))
    assert code == 0
    assert out_file.read_text() == f"<svg>board from {tmp_path}</svg>"


def test_map_of_a_game_without_one() -> None:
    code, out = invoke("map", "toy-nim", "--out", "x.svg")
    assert code == 1
    assert "toy-nim has no board to draw" in out


# -- helpers ----------------------------------------------------------------------------------------
def test_new_log_lines_handles_growth_trimming_and_undo() -> None:
    assert new_log_lines([], ["a"]) == ["a"]
    assert new_log_lines(["a"], ["a", "b"]) == ["b"]
    assert new_log_lines(["a", "b", "c"], ["b", "c", "d"]) == ["d"]  # a rolling window
    assert new_log_lines(["a", "b"], ["a"]) == []  # an undo took a line back
    assert new_log_lines(["x"], ["y"]) == ["y"]


def test_fallback_board_is_the_view_without_actions_log_and_prompt() -> None:
    text = render_json({"heap": 3, "actions": ["roll"], "log": ["x"], "prompt": "p"})
    assert json.loads(text) == {"heap": 3}


def test_the_game_module_text_renderer_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    text = types.ModuleType("polemos.games.fakemap.text")
    text.render = lambda view: f"HEAP={view['heap']}"  # type: ignore[attr-defined]
    _fake_package(monkeypatch, text=text)
    code, out = invoke("play", "toy-nim", "--seed", "1", input="quit\n")
    assert code == 0
    assert "HEAP=15" in out
    assert '"heap"' not in out


def test_game_fixture_is_the_toy() -> None:
    assert isinstance(polemos.game("toy-nim"), Game)


# -- issue 9: every argument's absurd values are one clear line, exit 1 ---------------------------------
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["selfplay", "toy-nim", "--games", "0"], "Invalid value for '--games'"),
        (["selfplay", "toy-nim", "--games", "-3"], "Invalid value for '--games'"),
        (["selfplay", "toy-nim", "--games", "9" * 30], "Invalid value for '--games'"),
        (["selfplay", "toy-nim", "--max-steps", "0"], "Invalid value for '--max-steps'"),
        (["selfplay", "toy-nim", "--seed", "-1"], "Invalid value for '--seed'"),
        (["bench", "toy-nim", "--steps", "0"], "Invalid value for '--steps'"),
        (["bench", "toy-nim", "--steps", "1" + "0" * 12], "Invalid value for '--steps'"),
        (["bench", "toy-nim", "--steps", "many"], "Invalid value for '--steps'"),
        (["play", "toy-nim", "--seed", "9" * 100], "Invalid value for '--seed'"),
        (["serve", "--port", "0"], "Invalid value for '--port'"),
        (["serve", "--port", "70000"], "Invalid value for '--port'"),
        (["games", "--verbose"], "No such option: --verbose"),
        (["chess"], "No such command 'chess'"),
        (["play", "toy-nim", "--options", '{"heap": 1e999}'],
         "--options is not valid JSON (the number 1e999 is too large)"),
        (["play", "toy-nim", "--options", '{"heap": NaN}'], "NaN is not a JSON number"),
        (["play", "toy-nim", "--options", '{"heap": ' + "9" * 5000 + "}"], "(5000 digits) is too large"),
        (["play", "toy-nim", "--options", DEEP], "--options nests too deeply to be read"),
        (["play", "toy-nim", "--options", "[1]"], "--options must be a JSON object"),
    ],
)
def test_absurd_arguments_are_one_clear_line(args: list[str], message: str) -> None:
    code, out = invoke(*args, input="quit\n")
    assert code == 1, out
    assert out.startswith("error: ") and out.count("\n") == 1, out
    assert message in out
    assert "internal error" not in out


def test_absurd_files_are_one_clear_line(tmp_path: Path) -> None:
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (tmp_path / "deep.json").write_text('{"game": ' + DEEP + "}")
    (tmp_path / "inf.json").write_text('{"game": "toy-nim", "seed": 1e999}')
    (tmp_path / "a-file").write_text("x")
    cases = [
        (["replay", str(tmp_path)], "is a directory, not a record file"),
        (["replay", str(tmp_path / "none.json")], "cannot read"),
        (["replay", str(tmp_path / "binary.json")], "is not a text file"),
        (["replay", str(tmp_path / "deep.json")], "deep.json nests too deeply to be read"),
        (["replay", str(tmp_path / "inf.json")], "the number 1e999 is too large"),
        (["play", "toy-nim", "--load", str(tmp_path)], "is a directory, not a record file"),
        (["play", "toy-nim", "--data", str(tmp_path / "a-file")], "is not a directory"),
        (["map", "athens-and-sparta", "--out", str(tmp_path)], "--out " + str(tmp_path) + " is a directory"),
        (["map", "athens-and-sparta", "--out", str(tmp_path / "no" / "x.svg")], "there is no directory"),
        (["selfplay", "toy-nim", "--json", str(tmp_path)], "--json " + str(tmp_path) + " is a directory"),
        (["data", "check", str(tmp_path / "a-file")], "is not a directory"),
        (["data", "check", str(tmp_path / "none")], "does not exist"),
        (["serve", "--data-dir", str(tmp_path / "a-file")], "is a file, not a folder"),
    ]
    for args, message in cases:
        code, out = invoke(*args)
        assert code == 1, (args, out)
        assert out.startswith("error: ") and out.count("\n") == 1, (args, out)
        assert message in out, (args, out)


def test_serve_on_a_busy_port_prints_only_the_error(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, out = invoke("serve", "--port", str(port), "--data-dir", str(tmp_path))
    assert code == 1
    assert out == f"error: cannot listen on 127.0.0.1:{port}: Address already in use " \
                  "(another program is using it: choose another with --port)\n"


def test_serve_names_a_database_it_cannot_reach_without_its_password(tmp_path: Path) -> None:
    for url, where, message in (
        ("postgresql://polemos:s3cret@127.0.0.1:1/polemos", "127.0.0.1:1/polemos", "Connection refused"),
        ("sqlite:////no/such/folder/polemos.db", "sqlite:////no/such/folder/polemos.db", "unable to open"),
        ("not a url", "not a url", "Could not parse"),
    ):
        code, out = invoke("serve", "--database-url", url, "--port", "1")
        assert code == 1, out
        assert out.startswith(f"error: cannot open the database {where}: "), out
        assert message in out and "s3cret" not in out and "internal error" not in out
        assert "Polemos on" not in out


# -- issue 9: data check names its files and runs every constraint of the rules -----------------------------
AS_DATA = Path(polemos.__file__).parent / "games" / "athens_sparta" / "data"
GTS_DATA = Path(polemos.__file__).parent / "games" / "thermopylae" / "data"


def test_data_check_of_an_empty_folder_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not data")
    code, out = invoke("data", "check", str(tmp_path))
    assert code == 1
    assert out == (f"error: {tmp_path} holds none of Athens & Sparta's data files (cities.toml, map.toml, "
                   "blocks.toml, cards.toml): nothing to check\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out = invoke("data", "check", str(empty), "--game", "toy-nim")
    assert code == 1 and out == f"error: {empty} is empty: nothing to check\n"


def test_data_check_of_some_files_overlays_the_built_in_data(tmp_path: Path) -> None:
    (tmp_path / "cities.toml").write_text((AS_DATA / "cities.toml").read_text(encoding="utf-8"))
    (tmp_path / "README").write_text("my printed copy")
    code, out = invoke("data", "check", str(tmp_path))
    assert code == 0, out
    assert out.splitlines()[:6] == [
        f"Athens & Sparta: 1 of 4 data files from {tmp_path}, the rest built in",
        f"  cities.toml: from {tmp_path}",
        "  map.toml: built-in",
        "  blocks.toml: built-in",
        "  cards.toml: built-in",
        "  ignored (not data files of athens-and-sparta): README",
    ]
    assert re.search(r"^ok: [0-9a-f]{12} \(all \d+ constraints of the rules hold\)$", out, re.M)


def test_1_2_data_check_refuses_athens_at_3_points(tmp_path: Path) -> None:
    text = (AS_DATA / "cities.toml").read_text(encoding="utf-8")
    old = 'name = "ATHENS"\nside = "athens"\nvalue = 4'
    assert old in text
    (tmp_path / "cities.toml").write_text(text.replace(old, old[:-1] + "3", 1))
    code, out = invoke("data", "check", str(tmp_path))
    assert code == 1
    assert ("error: cities.toml: rule 1.2: points: the cities are worth 47 points, not 48 (48 city points: "
            "Athens 20, Sparta 18, neutral 10; Athens opens with 19)") in out
    assert out.splitlines()[-1].startswith("error: 1 of ") and "ok:" not in out


def test_data_check_of_go_tell_the_spartans_runs_its_constraints(tmp_path: Path) -> None:
    text = (GTS_DATA / "counters.toml").read_text(encoding="utf-8")
    (tmp_path / "counters.toml").write_text(text)
    code, out = invoke("data", "check", str(tmp_path), "--game", "go-tell-the-spartans")
    assert code == 0, out
    assert f"  counters.toml: from {tmp_path}" in out and "  map.toml: built-in" in out
    assert "constraints of the rules hold" in out
    # 1.0.1, Herodotus 7.202: 300 Spartans
    old = 'id = "spartans-2"\ncontingent = "spartans"\ntype = "hoplite"\nmf_front = 4\nmf_back = 3\ndv = 3\nma = 2\n'
    assert old in text
    (tmp_path / "counters.toml").write_text(text.replace(old + "steps = 4\nmen = 100", old + "steps = 4\nmen = 140"))
    code, out = invoke("data", "check", str(tmp_path), "--game", "go-tell-the-spartans")
    assert code == 1
    assert "error: counters.toml: rule 1.0.1: spartans: 300 men (Herodotus 7.202, Diodorus 11.4)" in out


@pytest.mark.parametrize("command", [["games"], ["loadtest"], ["selfplay"], ["bench"]])
def test_help_shows_no_type_for_a_flag(command: list[str]) -> None:
    """A flag takes no value: ``--help`` and ``--flat-out`` show none (typer 0.29 printed ``<bool>``)."""
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "--help" in result.output and "<bool>" not in result.output
    assert "<int" in result.output or command == ["games"]  # options that take a value still show it
