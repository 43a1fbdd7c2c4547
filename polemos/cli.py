"""The ``polemos`` command: play in the terminal, self-play, benchmarks, replays, maps, data checks.

Every command speaks only the kernel contract (:mod:`polemos.core.game`) plus a game's optional
presentation hooks, looked up in its package ``polemos.games.<package>``:

- ``text.render(view) -> str``: the board as text for the terminal;
- ``bots.bots() -> dict[str, factory]``: its bots (see :mod:`polemos.ai.agents`);
- ``svg.render_map(data_dir) -> str`` (or ``svg.render_svg(board.load_board(data_dir))``): the map;
- ``data.load_components(data_dir)``: the full component load used by ``data check``.

A user never sees a stack trace: errors a player can cause are printed as one clear line and the
command exits with status 1; anything else is reported as an internal error (status 2), with the
game so far saved for a bug report when a terminal game crashes. ``POLEMOS_DEBUG=1`` shows
tracebacks.
"""

from __future__ import annotations

import errno
import inspect
import json
import math
import os
import shutil
import socket
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from typer._click import core as click
from typer._click import exceptions as click_errors  # typer 0.29+ carries its own click
from typer.core import TyperGroup, TyperOption

import polemos
from polemos import i18n
from polemos.ai.agents import Agent, agent_names, agent_rng, game_module, make_agent
from polemos.ai.selfplay import run_selfplay
from polemos.core import native
from polemos.core.constraints import broken
from polemos.core.game import Game, Outcome, Role, State
from polemos.core.log import log_lines, translate_line
from polemos.core.options import validate_options
from polemos.core.rng import Rng, secret_seed
from polemos.i18n import N_

JSON = dict[str, Any]
Reader = Callable[[str], str | None]  # shows a prompt, returns the typed line (None at end of input)
Writer = Callable[[str], None]

def _flag_type(self: TyperOption, ctx: Any) -> str | None:
    """Typer 0.29's help prints every option's type, flags too (``--help <bool>``, ``--flat-out
    <bool>``): a flag takes no value, so its help shows none."""
    return None if self.is_flag else _option_type(self, ctx)


_option_type = TyperOption.display_type_rich
TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign]


def _(message: str) -> str:
    """``message`` in the language of this run (``--lang``, $POLEMOS_LANG or the locale; polemos.i18n)."""
    return i18n.gettext(message)


def cli_language(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of a run (issue 11): ``--lang L`` anywhere on the command line, else $POLEMOS_LANG,
    else English (not the locale's: scripts and tests that read the output get the same words anywhere)."""
    chosen: str | None = None
    for k, arg in enumerate(args):
        if arg == "--lang" and k + 1 < len(args):
            chosen = args[k + 1]
        elif arg.startswith("--lang="):
            chosen = arg.split("=", 1)[1]
    return i18n.choose(chosen, environ.get("POLEMOS_LANG"))


def _translate_help(command: click.Command) -> None:
    """The help texts of ``command`` and everything under it, in the run's language (marked N_ here)."""
    if command.help:
        command.help = _(inspect.cleandoc(command.help))
    for param in command.params:
        text = getattr(param, "help", None)
        if isinstance(text, str) and text:
            param.help = _(text)  # type: ignore[attr-defined]
    for sub in getattr(command, "commands", {}).values():
        _translate_help(sub)


# the titles Typer gives the panels of --help (typer.rich_utils), in the run's language while it runs
_PANELS = {"ARGUMENTS_PANEL_TITLE": N_("Arguments"), "OPTIONS_PANEL_TITLE": N_("Options"),
           "COMMANDS_PANEL_TITLE": N_("Commands"), "ERRORS_PANEL_TITLE": N_("Error"),
           "REQUIRED_LONG_STRING": N_("[required]"), "DEFAULT_STRING": N_("[default: {}]")}


@contextmanager
def _help_panels() -> Iterator[None]:
    from typer import rich_utils

    before = {name: getattr(rich_utils, name) for name in _PANELS}
    if i18n.current() != i18n.DEFAULT:
        for name, text in _PANELS.items():
            setattr(rich_utils, name, _(text))
    try:
        yield
    finally:
        for name, text in before.items():
            setattr(rich_utils, name, text)


class _Commands(TyperGroup):
    """The command group: a bad argument (not a number, out of range, an unknown option) is one
    line naming it and where to read about it, with exit status 1, like every other user error.
    The run speaks the language ``cli_language`` finds (its help, messages and log lines)."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        with i18n.use(cli_language(list(sys.argv[1:] if args is None else args), os.environ)), _help_panels():
            if i18n.current() != i18n.DEFAULT:
                _translate_help(self)
            return self._main(args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra)

    def _main(self, args: Sequence[str] | None, prog_name: str | None, complete_var: str | None,
              standalone_mode: bool, windows_expand_args: bool, **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **extra)
        except click_errors.NoArgsIsHelpError as exc:  # `polemos` or `polemos data` alone: the help
            typer.echo(exc.format_message())
            sys.exit(0)
        except click_errors.UsageError as exc:
            command = exc.ctx.command_path if exc.ctx is not None else "polemos"
            _error(f"{exc.format_message().rstrip('.')} (see '{command} --help')")
            sys.exit(1)
        except click_errors.ClickException as exc:
            _error(exc.format_message())
            sys.exit(1)
        except typer.Abort:
            _error("interrupted")
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    name="polemos",
    help=N_("Play the wargames of the Peloponnesian War, every rule enforced."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=_Commands,
)
data_app = typer.Typer(help=N_("Component data tools."), no_args_is_help=True, cls=_Commands)
app.add_typer(data_app, name="data")


@app.callback()
def _options(
    lang: Annotated[str | None, typer.Option("--lang", metavar="LANG", help=N_(
        "Language: en or es (default: $POLEMOS_LANG, else English)."))] = None,
) -> None:
    # read before the command line is parsed (cli_language), so --help is in that language too
    if lang is not None and i18n.normalize(lang) is None:
        _fail(_("no language '{lang}': Polemos speaks {languages}").format(
            lang=lang, languages=", ".join(i18n.LANGUAGES)))

DataOption = Annotated[
    Path | None,
    typer.Option("--data", help=N_("Directory of component data files overriding the bundled ones.")),
]
GameArgument = Annotated[
    str, typer.Argument(metavar="GAME", help=N_("Game id (see `polemos games`)."), show_default=False)
]
# Bounds of the numbers commands take: a seed is a key of up to 256 bits (the server draws 128);
# more games or steps than these would run for days, so a typo (an extra 0, a minus sign) is an error.
MAX_SEED = 2**256 - 1


def _seed_in_range(value: int | None) -> int | None:
    """--seed's check (a callback, so that --help says "0 to 2^256-1" instead of printing the 78-digit bound)."""
    if value is not None and not 0 <= value <= MAX_SEED:
        raise typer.BadParameter(f"a seed is a whole number from 0 to 2^256-1, not {value}")
    return value


MAX_GAMES = 1_000_000
MAX_STEPS = 100_000_000
OptionsOption = Annotated[
    str | None,
    typer.Option("--options", help=N_('Game options as JSON, e.g. \'{"players": "two"}\' (see `polemos games`).')),
]


# -- errors ------------------------------------------------------------------------------------
def _error(message: str) -> None:
    typer.echo(_("error: {message}").format(message=message), err=True)


def _fail(message: str, code: int = 1) -> NoReturn:
    _error(message)
    raise typer.Exit(code)


# Exits and usage errors raised on purpose pass through the error guards untouched.
_PASS_THROUGH: tuple[type[BaseException], ...] = (typer.Exit, typer.Abort, typer.TyperException)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn every error into one printed line and an exit status; never a traceback."""
    try:
        yield
    except _PASS_THROUGH:
        raise
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except ImportError as exc:
        _fail(f"cannot load a game module: {exc}")
    except (ValueError, OSError) as exc:  # IllegalActionError, RecordError, DataError, UnknownGameError
        _fail(str(exc))
    except Exception as exc:
        if os.environ.get("POLEMOS_DEBUG"):
            raise
        _fail(f"internal error: {type(exc).__name__}: {exc} (POLEMOS_DEBUG=1 shows the traceback)", 2)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text} is too large")
    return value


def _integer(text: str) -> int:
    if len(text) > 40:  # no count, seed or option needs more; int() refuses 4300+ digits anyway
        raise ValueError(f"the number {text[:12]}... ({len(text)} digits) is too large")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _loads(text: str, what: str) -> Any:
    """Parse JSON text, or fail with one line naming ``what``: malformed JSON, nesting too deep for
    the parser, and numbers JSON cannot carry (``1e999``, ``NaN``, ``Infinity``, 5000-digit ints)."""
    try:
        return json.loads(text, parse_float=_finite, parse_int=_integer, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        _fail(f"{what} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})")
    except RecursionError:
        _fail(f"{what} nests too deeply to be read")
    except ValueError as exc:
        _fail(f"{what} is not valid JSON ({exc})")


def _parse_options(text: str | None) -> JSON:
    """``--options`` JSON text as a dict, or a clear error."""
    if text is None or not text.strip():
        return {}
    doc = _loads(text, "--options")
    if not isinstance(doc, dict):
        _fail('--options must be a JSON object, e.g. {"players": "two"}')
    return doc


def _check_data_dir(data: Path | None) -> None:
    if data is None:
        return
    if not data.exists():
        _fail(f"data directory {data} does not exist")
    if not data.is_dir():
        _fail(f"--data {data} is not a directory (give the folder that holds the data files)")


def _load_game(game_id: str, data: Path | None) -> Game:
    _check_data_dir(data)
    return polemos.game(game_id, data=data)


def _read_json(path: Path, what: str = "record") -> JSON:
    if path.is_dir():
        _fail(f"{path} is a directory, not a {what} file")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot read {path}: {exc.strerror or exc}")
    except UnicodeDecodeError:
        _fail(f"{path} is not a text file")
    doc = _loads(text, str(path))
    if not isinstance(doc, dict):
        _fail(f"{path}: a {what} must be a JSON object")
    return doc


def _check_writable(path: Path, option: str) -> None:
    """Fail before any work if ``path`` cannot be written (a folder, or a file in no folder)."""
    if path.is_dir():
        _fail(f"{option} {path} is a directory: give a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        _fail(f"{option} {path}: there is no directory {parent}")
    if not os.access(path if path.exists() else parent, os.W_OK):
        _fail(f"{option} {path}: permission denied")


def _write_output(path: Path, text: str) -> None:
    """Write a command's output file (checked first by :func:`_check_writable`), or fail clearly."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(f"cannot write {path}: {exc.strerror or exc}")


def _write_json(path: Path, doc: JSON) -> None:
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


# -- presentation helpers -------------------------------------------------------------------------
def board_renderer(game_id: str) -> Callable[[JSON], str]:
    """The game's text renderer (``polemos.games.<pkg>.text.render``), or pretty JSON of the view."""
    module = game_module(game_id, "text")
    render = getattr(module, "render", None) if module is not None else None
    if callable(render):
        game_render: Callable[[JSON], str] = render
        return game_render
    return render_json


def render_json(view: JSON) -> str:
    """The fallback board: the view as indented JSON, without what is shown apart (log, prompt)."""
    shown = {k: v for k, v in view.items() if k not in ("actions", "log", "prompt")}
    return json.dumps(shown, indent=2, ensure_ascii=False)


def new_log_lines(seen: list[str], log: list[str]) -> list[str]:
    """The lines of ``log`` not yet shown, given the ``seen`` log (which may have been trimmed)."""
    if log[: len(seen)] == seen:
        return log[len(seen):]
    if seen[: len(log)] == log:  # the log got shorter (an undo): nothing new
        return []
    for k in range(min(len(seen), len(log)), 0, -1):  # a rolling log: match the overlap
        if seen[-k:] == log[:k]:
            return log[k:]
    return log


def describe_outcome(outcome: Outcome) -> str:
    winner = str(outcome.winner)  # a role; in Spanish by its name where the catalog has it ("athens": Atenas)
    if i18n.current() != i18n.DEFAULT and _(winner.title()) != winner.title():
        winner = _(winner.title())
    head = _("{winner} wins").format(winner=winner) if outcome.winner is not None else _("draw")
    text = _("Game over: {result} ({reason})").format(result=head, reason=translate_line(str(outcome.reason)))
    if outcome.scores:
        text += _("; scores: ") + ", ".join(f"{r} {s}" for r, s in outcome.scores.items())
    return text


def _format_rate(value: float) -> str:
    return f"{value:.0f}" if value >= 100 else f"{value:.1f}"


# -- terminal play ------------------------------------------------------------------------------
HELP = N_("""Type the number of an action, or its text (any unique prefix, any case).
Commands:
  undo        take back your last action (until a die is rolled, something is revealed,
              or the turn passes)
  save FILE   save the game so far (replay or continue it with --load FILE)
  board       show the board again
  help        this text
  quit        leave the game""")


class TerminalGame:
    """A game played at the terminal: humans type, bots choose from their view.

    ``read(prompt)`` returns the next typed line (None at the end of input, which quits) and
    ``write(text)`` shows text; both are injectable so tests can drive a whole game.
    """

    def __init__(
        self,
        state: State,
        bots: dict[Role, Agent],
        bot_rngs: dict[Role, Rng],
        read: Reader,
        write: Writer,
        render: Callable[[JSON], str],
    ) -> None:
        self.state = state
        self.game = state.game
        self.bots = bots
        self.bot_rngs = bot_rngs
        self.read = read
        self.write = write
        self.render = render
        self.seen_log: dict[Role | None, list[str]] = {}
        self.shown_board: dict[Role | None, str] = {}
        self.last_viewer: Role | None = next((r for r in state.seats() if r not in bots), None)
        self.bot_actions: dict[Role, int] = {}

    def run(self) -> Outcome | None:
        """Play until the game ends (its outcome) or a player quits (None)."""
        while True:
            outcome = self.state.outcome()
            if outcome is not None:
                self.report_bots()
                self.show(self.last_viewer)
                width = max(80, shutil.get_terminal_size((80, 24)).columns)
                for part in textwrap.wrap(describe_outcome(outcome), width, subsequent_indent="  ") or [""]:
                    self.write(part)
                return outcome
            active = self.state.active_roles()
            role = next((r for r in self.state.seats() if r in active), None)
            if role is None:
                self.write(_("error: the game is not over but nobody can act (a bug in the game); "
                             "use --load with a saved game to report it"))
                return None
            if role in self.bots:
                self.bot_turn(role)
            elif not self.human_turn(role):
                return None

    def show(self, viewer: Role | None, force_board: bool = False) -> JSON:
        """Show ``viewer``'s new log lines, and the board if it changed; return the view."""
        view = self.state.view(viewer)
        log = log_lines(view)  # structured entries read as text, the same everywhere (polemos.core.log)
        width = max(80, shutil.get_terminal_size((80, 24)).columns) - 4  # the log's lines fit the terminal too
        for line in new_log_lines(self.seen_log.get(viewer, []), log):
            for part in textwrap.wrap(line, width, subsequent_indent="  ", break_on_hyphens=False) or [line]:
                self.write(f"  | {part}")
        self.seen_log[viewer] = log
        board = self.render(view)
        if force_board or board != self.shown_board.get(viewer):
            self.write(board)
            self.shown_board[viewer] = board
        return view

    def bot_turn(self, role: Role) -> None:
        agent = self.bots[role]
        legal = self.state.legal_actions(role)
        if not legal:
            raise RuntimeError(f"{role} is active but has no legal action")
        action = agent.choose(self.state.view(role), list(legal), self.bot_rngs[role])
        self.state.apply(role, action)
        # The action itself is not shown: it may be secret; the human's view log says what is known.
        self.bot_actions[role] = self.bot_actions.get(role, 0) + 1

    def report_bots(self) -> None:
        """Say, once, how many actions the bots took since the human last acted."""
        for role, n in self.bot_actions.items():
            if n:
                who, bot = role_word(role), self.bots[role].name
                self.write(_("{role} ({bot}) has acted ({n} actions).").format(role=who, bot=bot, n=n)
                           if n > 1 else _("{role} ({bot}) has acted.").format(role=who, bot=bot))
        self.bot_actions = {}

    def human_turn(self, role: Role) -> bool:
        """Ask ``role`` for one action; False if the player quits."""
        self.last_viewer = role
        self.report_bots()
        view = self.show(role)
        legal = self.state.legal_actions(role)
        self.show_choices(role, view, legal)
        while True:
            asked = f"{role_word(role)}> "
            line = self.read(asked)
            if line is None:
                self.write(_("(end of input: leaving the game)"))
                return False
            text = line.strip()
            if not text:
                continue
            word, _space, rest = text.partition(" ")
            command = word.lower()
            if command in ("quit", "exit"):
                return False
            if command in ("help", "?"):
                self.write(_(HELP))
            elif command == "undo" and not rest:
                try:
                    self.state.undo(role)
                except (ValueError, OSError) as exc:  # IllegalActionError, RecordError, DataError
                    self.write(_("cannot undo: {reason}").format(reason=exc))
                    continue
                self.write(_("{role} takes back the last action.").format(role=role_word(role)))
                self.shown_board.clear()
                return True
            elif command == "save":
                self.save(rest.strip())
            elif command == "board" and not rest:
                self.show(role, force_board=True)
                self.show_choices(role, view, legal)
            else:
                action = self.parse(role, text, legal)
                if action is None:
                    continue
                # the choice echoed in the words the menu showed it in (the record's text is what was typed)
                shown = dict(zip(legal, self.labels(view, legal), strict=True)).get(action, action)
                try:
                    self.state.apply(role, action)
                except ValueError as exc:
                    self.write(str(exc))
                    continue
                # a transcript (the input piped, not echoed) has this line after the input prompt: room for both
                self._wrapped(f"{role_word(role)}: {shown}", room=len(asked))
                return True

    def parse(self, role: Role, text: str, legal: list[str]) -> str | None:
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.write(_("there is no action {number}: type 1-{n}, or 'help'").format(number=number, n=len(legal)))
            return None
        try:
            return self.game.parse_action(self.state, role, text)
        except ValueError as exc:
            self.write(_("{reason}; type a number 1-{n}, or 'help'").format(reason=exc, n=len(legal)))
            return None

    def show_choices(self, role: Role, view: JSON, legal: list[str]) -> None:
        # what is asked, in the run's language and the game's display names, wrapped to the terminal (issue 11:
        # a Spanish run printed "athens: Moving ATH-HOP-1: choose the next hex ..." on one 100-column line); a
        # game's text module may say it in its own words (``prompt``: "" when its board already says it)
        module = game_module(self.game.id, "text")
        said = getattr(module, "prompt", None) if module is not None else None
        prompt = said(view) if callable(said) else translate_line(str(view.get("prompt") or ""))
        if prompt or not callable(said):
            self._wrapped(f"{role_word(role)}: {prompt}" if prompt else _("{role} to act").format(role=role_word(role)))
        width = len(str(len(legal)))
        # a game's text module may name its actions in words (the browser's button labels, issue 11); the
        # number or the action's own text may be typed
        menu = getattr(module, "action_menu", None) if module is not None else None
        if callable(menu):  # a game may list them its own way (Sparta vs. Athens: one line a unit to buy)
            for line in menu(view, legal):
                self.write(line)
            return
        for i, label in enumerate(self.labels(view, legal), 1):
            self._wrapped(f"  {i:>{width}}. {label}", " " * (width + 4))

    def labels(self, view: JSON, legal: list[str]) -> list[str]:
        """The legal actions in words, as the game's text module names them (else their record text)."""
        module = game_module(self.game.id, "text")
        labels = getattr(module, "action_labels", None) if module is not None else None
        return list(labels(view, legal)) if callable(labels) else legal

    def _wrapped(self, line: str, indent: str = "    ", room: int = 0) -> None:
        """``line`` written in lines that fit the terminal (80 columns at least), ``room`` columns left free."""
        width = max(80, shutil.get_terminal_size((80, 24)).columns) - room
        for part in textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False) or [line]:
            self.write(part)

    def save(self, name: str) -> None:
        if not name:
            self.write(_("usage: save FILE"))
            return
        try:
            _write_json(Path(name), self.state.record())
        except OSError as exc:
            self.write(_("cannot save to {name}: {reason}").format(name=name, reason=exc.strerror or exc))
            return
        self.write(_("saved to {name}").format(name=name))


def role_word(role: Role) -> str:
    """A role as a player reads it, in the run's language ("athens" -> "Atenas"), as the page's title() names it."""
    return _(str(role).replace("-", " ").replace("_", " ").title())


def _read_line(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        typer.echo()
        return None


def _save_crash(state: State) -> Path | None:
    try:
        fd, name = tempfile.mkstemp(prefix=f"polemos-crash-{state.game.id}-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(state.record(), f, indent=1)
        return Path(name)
    except Exception:
        return None


@app.command(help=N_('Play in the terminal: hot-seat, or against a bot with --vs.'))
def play(
    game_id: GameArgument,
    vs: Annotated[str | None, typer.Option("--vs", help=N_("Play against this bot (default: hot-seat)."))] = None,
    seat: Annotated[str | None, typer.Option("--seat", help=N_("Your role against a bot (default: first)."))]
    = None,
    seed: Annotated[int | None, typer.Option("--seed", metavar="<seed>", callback=_seed_in_range,
                                       help=N_("Game seed (default: a random one)."))]
    = None,
    data: DataOption = None,
    load: Annotated[Path | None, typer.Option("--load", help=N_("Continue a saved game (record JSON)."))] = None,
    options: OptionsOption = None,
) -> None:
    with _user_errors():
        game = _load_game(game_id, data)
        drawn_seed = False  # drawn here: shown only when the game ends (the saved record holds it)
        if load is not None:
            record = _read_json(load)
            if record.get("game") != game.id:
                _fail(f"{load} is a record of {record.get('game')!r}, not {game.id}")
            state = polemos.replay(record, data=data)
            seed = state.seed
        else:
            if seed is None:
                # 128 secret bits, as the server draws (issue 8): a seed anyone could guess or read off the
                # screen would give away the bot's hidden blocks and hand, the deck and every die to come
                seed = secret_seed()
                drawn_seed = True
            state = game.new(seed, options=_parse_options(options))
        roles = state.roles()
        seats = state.seats()  # a role the rules play (an automaton) is no seat: nobody plays it here
        by_rules = [r for r in roles if r not in seats]
        human = seat if seat is not None else seats[0]
        if human not in seats:
            played = f" ({human} is played by the rules in this game)" if human in by_rules else ""
            _fail(f"no seat {human!r} in {game.id}{played}; seats: {', '.join(seats)}")
        bots: dict[Role, Agent] = {}
        if vs is not None:
            if len(seats) == 1:
                _fail(f"--vs: no seat is left for a bot ({human} is the only seat; the rules play "
                      f"{', '.join(by_rules)}): leave out --vs")
            bots = {r: make_agent(vs, game.id, data) for r in seats if r != human}
        elif seat is not None:
            _fail("--seat needs --vs BOT (without a bot every seat is played here: hot-seat)")
        bot_rngs = {r: agent_rng(seed, i) for i, r in enumerate(roles)}
        # the title line in the run's language, the roles by their names (issue 11)
        who = (_("you are {role}, {bot} plays the rest").format(role=role_word(human), bot=vs) if vs else
               _("hot-seat") if len(seats) > 1 else _("you are {role}").format(role=role_word(human)))
        rules_play = _(", the rules play {roles}").format(roles=", ".join(map(role_word, by_rules))) if by_rules else ""
        shown_seed = _("a secret seed (shown when the game ends)") if drawn_seed else _("seed {seed}").format(seed=seed)
        width = max(80, shutil.get_terminal_size((80, 24)).columns)
        for part in textwrap.wrap(f"{_(game.title)} — {shown_seed} — {who}{rules_play}", width, subsequent_indent="  "):
            typer.echo(part)
        typer.echo(_("Type 'help' for commands."))
        session = TerminalGame(state, bots, bot_rngs, _read_line, typer.echo, board_renderer(game.id))
        try:
            if session.run() is not None and drawn_seed:
                typer.echo(_("The game's seed was {seed} (polemos play {game} --seed {seed} replays its dice).").format(
                    seed=seed, game=game.id))
        except _PASS_THROUGH:
            raise
        except KeyboardInterrupt:
            raise
        except Exception as exc:
            if os.environ.get("POLEMOS_DEBUG"):
                raise
            path = _save_crash(state)
            saved = f"; the game so far is saved in {path}" if path else ""
            _fail(f"internal error: {type(exc).__name__}: {exc}{saved}", 2)


# -- self-play and benchmarks -----------------------------------------------------------------------
@app.command(help=N_('Bots play each other: bot A holds the first role, bot B the second.'))
def selfplay(
    game_id: GameArgument,
    games: Annotated[int, typer.Option("--games", "-n", min=1, max=MAX_GAMES, help=N_("Number of games."))] = 10,
    bots: Annotated[str, typer.Option("--bots", help=N_("A bot per role, comma-separated."))] = "random,random",
    seed: Annotated[int, typer.Option("--seed", metavar="<seed>", callback=_seed_in_range,
                                       help=N_("Seed of the first game (then seed+1, ...)."))]
    = 0,
    json_out: Annotated[Path | None, typer.Option("--json", help=N_("Write the full results as JSON."))] = None,
    data: DataOption = None,
    max_steps: Annotated[int, typer.Option("--max-steps", min=1, max=MAX_STEPS,
                                            help=N_("Cut a game after this many actions."))]
    = 10_000,
    progress: Annotated[bool | None, typer.Option("--progress/--no-progress",
                                                  help=N_("Progress bar (default: on a terminal)."))] = None,
    options: OptionsOption = None,
) -> None:
    from rich.console import Console
    from rich.table import Table

    with _user_errors():
        game = _load_game(game_id, data)
        if json_out is not None:
            _check_writable(json_out, "--json")  # before the games, not after them
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if not names:
            _fail("--bots needs at least one bot name")
        show_bar = sys.stderr.isatty() if progress is None else progress
        result = run_selfplay(game.id, games, names, seed, data=data, progress=show_bar, max_steps=max_steps,
                              options=_parse_options(options))
        summary = result["summary"]
        console = Console(highlight=False)
        console.print(f"{game.title}: {summary['games']} games from seed {seed}", markup=False)
        table = Table()
        table.add_column("role")
        table.add_column("bot")
        table.add_column("wins", justify="right")
        for role in summary["bots"]:
            table.add_row(role, summary["bots"][role], str(summary["wins"][role]))
        table.add_row("draws", "", str(summary["draws"]))
        if summary["unfinished"]:
            table.add_row(f"cut at {max_steps}", "", str(summary["unfinished"]))
        console.print(table)
        for reason, count in summary["reasons"].items():
            console.print(f"  {count:>5}  {reason}", markup=False)
        console.print(f"mean length: {summary['mean_steps']} actions", markup=False)
        if json_out is not None:
            _write_output(json_out, json.dumps(result, indent=1) + "\n")
            console.print(f"wrote {json_out}", markup=False)


@app.command(help=N_('Round robin on paired seeds: win rates, Elo and openskill ratings, or an SPRT (resumable).'))
def tournament(
    game_id: GameArgument,
    agents: Annotated[str, typer.Option("--agents", help=N_("Agents, comma-separated (A,B,...; with --sprt: is B "
                                                         "stronger than A?)."))] = "random,heuristic",
    games: Annotated[int, typer.Option("--games", "-n", min=0, max=MAX_GAMES,
                                       help=N_("Games per pair of agents (rounded up to even: each seed is played with "
                                            "sides swapped); one-seat games: seeds per agent. With --sprt: the most "
                                            "to play. 0: only report the results file."))] = 20,
    seed: Annotated[int, typer.Option("--seed", metavar="<seed>", callback=_seed_in_range,
                                       help=N_("First seed (then seed+1, ...)."))] = 0,
    results: Annotated[Path | None, typer.Option("--results", help=N_("Results file (JSON lines; games already in it "
                                                                   "are not played again). Default: "
                                                                   "tournament-GAME.jsonl."))] = None,
    workers: Annotated[int, typer.Option("--workers", "-j", min=0, max=4096,
                                         help=N_("Processes playing games (0: every core)."))] = 0,
    ray_address: Annotated[str | None, typer.Option("--ray-address", help=N_("Play on a Ray cluster ('auto', "
                                                                          "'ray://host:10001', or 'local')."))] = None,
    batch: Annotated[int, typer.Option("--batch", min=1, max=10_000, help=N_("Games per Ray task."))] = 8,
    sprt: Annotated[bool, typer.Option("--sprt", help=N_("Sequential test of B against A; stops when it decides."))]
    = False,
    elo0: Annotated[float, typer.Option("--elo0", help=N_("SPRT H0: B is this much stronger (Elo)."))] = 0.0,
    elo1: Annotated[float, typer.Option("--elo1", help=N_("SPRT H1: B is this much stronger (Elo)."))] = 50.0,
    alpha: Annotated[float, typer.Option("--alpha", help=N_("SPRT false positive rate."))] = 0.05,
    beta: Annotated[float, typer.Option("--beta", help=N_("SPRT false negative rate."))] = 0.05,
    json_out: Annotated[Path | None, typer.Option("--json", help=N_("Write the report as JSON."))] = None,
    data: DataOption = None,
    max_steps: Annotated[int, typer.Option("--max-steps", min=1, max=MAX_STEPS,
                                            help=N_("Cut a game after this many actions (counted as a draw)."))]
    = 10_000,
    progress: Annotated[bool | None, typer.Option("--progress/--no-progress",
                                                  help=N_("Progress bar (default: on a terminal)."))] = None,
    options: OptionsOption = None,
) -> None:
    from rich.console import Console

    from polemos.ai.tournament import SprtSpec, Tournament, print_report, run_tournament

    with _user_errors():
        game = _load_game(game_id, data)
        names = [a.strip() for a in agents.split(",") if a.strip()]
        if not names:
            _fail("--agents needs at least one agent name")
        path = results if results is not None else Path(f"tournament-{game.id}.jsonl")
        _check_writable(path, "--results")
        if json_out is not None:
            _check_writable(json_out, "--json")
        spec = Tournament(game.id, names, games, path, seed=seed, options=_parse_options(options), data=data,
                          max_steps=max_steps, workers=workers, ray_address=ray_address, batch=batch,
                          sprt=SprtSpec(elo0, elo1, alpha, beta) if sprt else None)
        show_bar = sys.stderr.isatty() if progress is None else progress
        report = run_tournament(spec, progress=show_bar)
        print_report(report, Console(highlight=False))
        if json_out is not None:
            _write_output(json_out, json.dumps(report, indent=1) + "\n")


@app.command(help=N_("Random playouts for speed: prints 'N steps/s' and 'M games/s'. Measures, never asserts."))
def bench(
    game_id: GameArgument,
    steps: Annotated[int, typer.Option("--steps", min=1, max=MAX_STEPS, help=N_("Actions to apply."))] = 20_000,
    seed: Annotated[int, typer.Option("--seed", metavar="<seed>", callback=_seed_in_range,
                                       help=N_("Seed of the first game and of the choices."))]
    = 0,
    data: DataOption = None,
    options: OptionsOption = None,
) -> None:
    with _user_errors():
        game = _load_game(game_id, data)
        opts = _parse_options(options)
        chooser = Rng(seed ^ 0xBE4C)
        game_seed = seed
        finished = 0
        # the first game's set-up reads the data files (components are loaded once, cached): timed apart and
        # left out of the rates, which measure play (the games that follow are set up inside them)
        setup_start = time.perf_counter()
        state = game.new(game_seed, options=opts)
        setup = time.perf_counter() - setup_start
        start = time.perf_counter()
        cpu_start = time.process_time()
        for _ in range(steps):
            if state.outcome() is not None:
                finished += 1
                game_seed += 1
                state = game.new(game_seed, options=opts)
            active = state.active_roles()
            role = active[0] if len(active) == 1 else chooser.choice(active) if active else ""
            legal = state.legal_actions(role) if role else []
            if not legal:  # another active role may still act
                movable = [r for r in active if state.legal_actions(r)]
                if not movable:
                    _fail(f"dead end in {game.id} seed {game_seed}: the game is not over but no role can act")
                role = chooser.choice(movable)
                legal = state.legal_actions(role)
            state.apply(role, chooser.choice(legal))
        if state.outcome() is not None:
            finished += 1
        elapsed = max(time.perf_counter() - start, 1e-9)
        cpu = max(time.process_time() - cpu_start, 1e-9)
        typer.echo(f"{_format_rate(steps / elapsed)} steps/s")
        typer.echo(f"{_format_rate(finished / elapsed)} games/s")
        mean = f", {steps / finished:.1f} actions per game" if finished else ""
        typer.echo(f"({steps} steps, {finished} games finished in {elapsed:.2f} s{mean})")
        typer.echo(f"(not counted: the first game's set-up with the data loading, {setup:.2f} s)")
        # on a busy machine the wall clock counts the waits for a core; the process's CPU time does not
        typer.echo(f"{_format_rate(steps / cpu)} steps per CPU second ({cpu:.2f} s of CPU)")
        typer.echo(f"engine: {native.mode(type(game).__module__.rpartition('.')[0])}")


# -- replays ------------------------------------------------------------------------------------
@app.command(help=N_('Replay a record: its outcome, or every action with --step.'))
def replay(
    record_file: Annotated[Path, typer.Argument(metavar="RECORD.json", help=N_("A saved game record."))],
    step: Annotated[bool, typer.Option("--step", help=N_("Show each action; Enter goes on, q quits."))] = False,
    data: DataOption = None,
    role: Annotated[str | None, typer.Option("--as", help=N_("Watch as this role (default: spectator)."))] = None,
) -> None:
    with _user_errors():
        record = _read_json(record_file)
        if data is not None and not data.is_dir():
            _fail(f"data directory {data} does not exist")
        final = polemos.replay(record, data=data)  # validates the whole record first
        game = final.game
        if role is not None and role not in final.roles():
            _fail(f"no role {role!r} in {game.id}; roles: {', '.join(final.roles())}")
        typer.echo(f"{game.title} — seed {final.seed}"
                   + (f", scenario {final.scenario}" if final.scenario else "")
                   + f" — {len(final.actions)} actions")
        if isinstance(record.get("error"), str):
            failing = record.get("failing_action")
            failing_text = f" (failing action: {failing})" if failing else ""
            typer.echo(f"recorded error: {record['error']}{failing_text}")
        if step:
            _step_through(record, final, role, data)
        else:
            outcome = final.outcome()
            if outcome is not None:
                typer.echo(describe_outcome(outcome))
            else:
                typer.echo(f"Game not over; to act: {', '.join(final.active_roles()) or 'nobody'}")


def _step_through(record: JSON, final: State, role: Role | None, data: Path | None) -> None:
    state = polemos.replay({**record, "actions": []}, data=data)
    game = state.game
    show = TerminalGame(state, {}, {}, _read_line, typer.echo, board_renderer(game.id)).show
    show(role)
    entries = list(final.actions)
    for i, (who, text) in enumerate(entries, 1):
        line = _read_line(f"[{i}/{len(entries)}] Enter: next, q: quit> ")
        if line is None or line.strip().lower() in ("q", "quit"):
            return
        state.apply(who, game.parse_action(state, who, text))
        typer.echo(f"{i}. {who}: {text}")
        show(role)
    outcome = state.outcome()
    typer.echo(describe_outcome(outcome) if outcome is not None else "End of record (game not over).")


# -- map, data, games ---------------------------------------------------------------------------------
@app.command("map", help=N_("Draw the game's map as SVG."))
def map_command(
    game_id: GameArgument,
    out: Annotated[Path, typer.Option("--out", help=N_("SVG file to write."))],
    data: DataOption = None,
    options: OptionsOption = None,
) -> None:
    with _user_errors():
        _check_writable(out, "--out")
        opts = _parse_options(options)
        if game_id not in polemos.game_ids() and _draws_unregistered(game_id):
            if opts:
                _fail(f"--options needs a playable game; {game_id} is not playable yet")
            # components before rules (Sparta vs. Athens): its map, though the game is not playable
            _check_data_dir(data)
            _write_output(out, render_map(game_id, data))  # a broken --data is a clear DataError
            typer.echo(f"wrote {out} (the map only: {game_id} is not playable yet)")
            return
        game = _load_game(game_id, data)  # an unknown game, or a broken --data, is a clear error
        # the options as `play` takes them (an unknown option or a bad value is a clear error); a map
        # drawer that takes options draws the map they choose (A&S: edition=first, RULINGS FE26)
        _write_output(out, render_map(game.id, data, validate_options(game.options, opts)))
        typer.echo(f"wrote {out}")


def _draws_unregistered(game_id: str) -> bool:
    """Whether an unregistered game's package already draws its map (``svg.render_map``)."""
    svg = game_module(game_id, "svg")
    return svg is not None and callable(getattr(svg, "render_map", None))


def render_map(game_id: str, data: Path | None, options: JSON | None = None) -> str:
    """The map SVG of any game with a board: ``svg.render_map(data_dir)`` (with ``options=`` when it
    takes them and some are given), else ``svg.render_svg(board.load_board(data_dir))``, else the
    board the browser table draws (``web.render_board``) for a view with nothing on it: the map
    without pieces."""
    svg = game_module(game_id, "svg")
    render = getattr(svg, "render_map", None) if svg is not None else None
    if callable(render):
        if options and "options" in inspect.signature(render).parameters:
            return str(render(data, options=options))
        return str(render(data))
    render_svg = getattr(svg, "render_svg", None) if svg is not None else None
    board = game_module(game_id, "board")
    load_board = getattr(board, "load_board", None) if board is not None else None
    if callable(render_svg) and callable(load_board):
        return str(render_svg(load_board(data)))
    web = game_module(game_id, "web")
    render_board = getattr(web, "render_board", None) if web is not None else None
    if callable(render_board):
        return str(render_board({}, data))
    raise ValueError(f"{game_id} has no board to draw (no svg.render_map, svg.render_svg or web.render_board)")


@data_app.command("check", help=N_(
        'Validate a folder of component data: every file and every constraint of the rules.\n'
        '\n'
        "The folder may hold only some of the game's files: the others come from the built-in data\n"
        '(as with --data), and the report says which file came from where.'))
def data_check(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help=N_("Directory of component data files."))],
    game_id: Annotated[str, typer.Option("--game", help=N_("Game whose data it is."))] = "athens-and-sparta",
) -> None:
    with _user_errors():
        _check_data_dir(directory)
        game = polemos.game(game_id)  # an unknown game is a clear error
        loader = game_module(game.id, "data")
        data_files = getattr(loader, "data_files", None) if loader is not None else None
        load_components = getattr(loader, "load_components", None) if loader is not None else None
        present = sorted(p.name for p in directory.iterdir() if not p.name.startswith("."))
        if callable(data_files):
            files = [str(name) for name in data_files()]
            mine = [name for name in files if name in present]
            if not mine:
                _fail(f"{directory} holds none of {game.title}'s data files ({', '.join(files)}): nothing to check")
            typer.echo(f"{game.title}: {len(mine)} of {len(files)} data files from {directory}, the rest built in")
            for name in files:
                typer.echo(f"  {name}: {'from ' + str(directory) if name in mine else 'built-in'}")
            ignored = [name for name in present if name not in files]
            if ignored:
                typer.echo(f"  ignored (not data files of {game.id}): {', '.join(ignored)}")
        else:  # a game that loads its data itself: the folder's files are what it reads
            if not present:
                _fail(f"{directory} is empty: nothing to check")
            typer.echo(f"{game.title}: checking {', '.join(present)} from {directory}")
        version = polemos.game(game.id, data=directory).data_version  # the game's own loader and checks
        constraints: tuple[Any, ...] = ()
        if callable(load_components):
            components = load_components(directory)  # each file's own checks: a DataError names file and entry
            module = game_module(game.id, "constraints")
            constraints = tuple(getattr(module, "CONSTRAINTS", ())) if module is not None else ()
            problems = broken(constraints, components)
            for problem in problems:
                _error(str(problem))
            if problems:
                _fail(f"{len(problems)} of {len(constraints)} constraints of the rules are broken")
        held = f" (all {len(constraints)} constraints of the rules hold)" if constraints else ""
        typer.echo(f"ok: {version}{held}")


@app.command(help=N_('List the registered games.'))
def games() -> None:
    with _user_errors():
        for game_id in polemos.game_ids():
            try:
                game = polemos.game(game_id)
                bots = ", ".join(agent_names(game_id))
            except Exception as exc:
                typer.echo(f"{game_id}  (not available: {type(exc).__name__}: {exc})")
                continue
            typer.echo(f"{game_id}  {game.title}  roles: {', '.join(game.roles)}  bots: {bots}")
            for spec in game.options:
                typer.echo(f"    option {spec.name}: {spec.summary()}")


@app.command(help=N_('Run the browser table: the page and its JSON API (http://HOST:PORT/).'))
def serve(
    host: Annotated[str, typer.Option("--host", help=N_("Address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=N_("Port to listen on."))] = 8000,
    data_dir: Annotated[Path, typer.Option("--data-dir", help=N_("Folder of the SQLite database."))]
    = Path("polemos-data"),
    database_url: Annotated[str | None, typer.Option(
        "--database-url", help=N_("postgresql://user:pass@host/db (default: SQLite in --data-dir)."))] = None,
    data: DataOption = None,
    insecure_cookies: Annotated[bool, typer.Option(
        "--insecure-cookies", help=N_("Send session cookies over plain http to other hosts than localhost."))]
    = False,
    workers: Annotated[int | None, typer.Option(
        "--workers", min=1, max=64, help=N_("Server processes (default: 2 on SQLite, or 1 on one core; one per "
                                         "core on PostgreSQL)."))] = None,
    ws_per_user: Annotated[int, typer.Option(
        "--ws-per-user", min=0, help=N_("Live connections (WebSockets) per user and process (0: no cap)."))] = 16,
    ws_per_address: Annotated[int, typer.Option(
        "--ws-per-address", min=0, help=N_("Live connections per address and process (0: no cap)."))] = 64,
    ws_ping: Annotated[float, typer.Option(
        "--ws-ping", min=1, max=3600, help=N_("Seconds between the server's keepalive pings on each WebSocket."))]
    = 30.0,
) -> None:
    with _user_errors():
        import uvicorn
        from uvicorn.supervisors import Multiprocess

        from polemos.server.app import default_workers

        _check_data_dir(data)
        where = database_url.split("@")[-1] if database_url else str((data_dir / "polemos.db").resolve())
        if database_url is None and data_dir.exists() and not data_dir.is_dir():
            _fail(f"--data-dir {data_dir} is a file, not a folder")
        store = _open_store(database_url, data_dir, data, where)  # checked and migrated once, here
        url = store.url
        store.close()
        sock = _listen(host, port)  # before the banner: a busy port is the only line printed
        count = workers or default_workers(url)
        # each worker process builds its own app from these (polemos.server.app.factory); they share
        # nothing but the database, which tells each of the others' changes (polemos.server.notify)
        os.environ.update(POLEMOS_DATABASE_URL=url, POLEMOS_COMPONENTS=str(data.resolve()) if data else "",
                          POLEMOS_INSECURE_COOKIES="1" if insecure_cookies else "0",
                          POLEMOS_WS_PER_USER=str(ws_per_user), POLEMOS_WS_PER_ADDRESS=str(ws_per_address))
        typer.echo(f"Polemos on http://{host}:{port}/  (database: {where}; "
                   f"{count} worker process{'es' if count > 1 else ''})")
        # no permessage-deflate on the WebSockets: their messages are ~60 bytes, and zlib per message cost
        # the event loop ~2 ms each under load (issue 8; polemos.server.timing)
        # a keepalive ping every --ws-ping seconds per socket (uvicorn's default is 20), answered within as
        # long: a page gone without a word is closed within a minute, and an idle socket stays open through
        # proxies that close connections quiet for 60 s; each ping costs the event loop a timer, a frame out
        # and one in (issue 8: idle WebSockets' cost)
        config = uvicorn.Config("polemos.server.app:factory", factory=True, workers=count, log_level="warning",
                                ws_per_message_deflate=False, ws_ping_interval=ws_ping, ws_ping_timeout=ws_ping)
        if count > 1:
            Multiprocess(config, sockets=[sock]).run()
        else:
            uvicorn.Server(config).run(sockets=[sock])


@app.command(help=N_("Load-test the browser table on loopback: N two-player games at a person's pace or flat out;\n"
        "prints actions/s, action latency p50/p95/p99, errors and the server's CPU."))
def loadtest(
    games: Annotated[int, typer.Option("--games", min=1, max=2000, help=N_("Games played at once."))] = 50,
    seconds: Annotated[float, typer.Option("--seconds", min=1, help=N_("How long to measure."))] = 30.0,
    pace: Annotated[float, typer.Option("--pace", min=0.01, help=N_("Seconds per action per game (a person's pace)."))]
    = 5.0,
    flat_out: Annotated[bool, typer.Option("--flat-out", help=N_("Act as fast as the server answers."))] = False,
    url: Annotated[str | None, typer.Option(
        "--url", help=N_("A running server on this machine (loopback only); default: start one on 127.0.0.1."))] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", min=1, max=64, help=N_("Worker processes of the server started here."))] = None,
    seed: Annotated[int | None, typer.Option("--seed", help=N_("Seed of the simulated players' choices."))] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help=N_("Also write the numbers as JSON here."))] = None,
) -> None:
    with _user_errors():
        from polemos.server.loadtest import LoadError, Settings, run

        try:
            report = run(Settings(games=games, seconds=seconds, pace=None if flat_out else pace, url=url,
                                  workers=workers, seed=seed))
        except LoadError as exc:
            _fail(str(exc))
        typer.echo(report.text())
        if json_out is not None:
            _write_json(json_out, report.summary())
        if report.errors:
            raise typer.Exit(1)


def _open_store(database_url: str | None, data_dir: Path, data: Path | None, where: str) -> Any:
    """The server's store, or one clear line: a database that cannot be reached or opened, a URL
    that is not one, a driver that is not installed. ``where`` names it without the password."""
    from sqlalchemy.exc import SQLAlchemyError

    from polemos.server.service import open_store

    try:
        return open_store(database_url, data_dir, data)
    except ImportError as exc:
        _fail(f"cannot open the database {where}: its driver is not installed ({exc.name or exc}; "
              "for PostgreSQL: pip install '.[postgres]')")
    except SQLAlchemyError as exc:
        cause = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        detail = cause[0] if cause else type(exc).__name__
        if database_url is not None:
            detail = detail.replace(database_url, where)  # never print the password
        _fail(f"cannot open the database {where}: {detail}")


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` for the server, or one clear line (a busy port, no such host)."""
    try:
        family, kind, proto, _canonname, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        _fail(f"--host {host}: no such address ({getattr(exc, 'strerror', None) or exc})")
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        hint = " (another program is using it: choose another with --port)" if exc.errno == errno.EADDRINUSE else ""
        _fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}{hint}")
    return sock


def main() -> None:
    """Entry point of the ``polemos`` command."""
    try:
        app()
    except KeyboardInterrupt:
        _error(_("interrupted"))
        sys.exit(130)
