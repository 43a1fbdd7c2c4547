"""English and Spanish for every player-facing string (issue 11): gettext catalogs made with Babel.

The catalogs are ``polemos/locale/<lang>/LC_MESSAGES/polemos.po`` (the source, edited by people) and
``polemos.mo`` (compiled from it, committed, so a fresh machine needs neither Babel's command line nor
the network; ``tests/test_i18n.py`` checks the two agree). ``scripts/i18n.py`` (``make i18n``) extracts
the messages from the Python sources and the page's ``app.js`` (``babel.cfg``), updates the ``.po``
files and compiles them.

There is no global "current language" that one web request could leak into another: every function
takes the language as an argument, and :func:`use` sets a :class:`contextvars.ContextVar` (each asyncio
task and each thread has its own) for code that cannot pass it down, such as the command line.

English is the source language: its catalog is empty and every message is its own translation; a
message a catalog lacks falls back to English. Messages with ``{name}`` placeholders are templates:
:func:`translate_text` finds the template an English line was written from (the games keep their
log in English, the record format), translates its arguments the same way and fills the translation.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from html import unescape
from pathlib import Path

from babel.messages.mofile import read_mo

DOMAIN = "polemos"
LOCALE_DIR = Path(__file__).parent / "locale"
DEFAULT = "en"
LANGUAGES: tuple[str, ...] = ("en", "es")  # the languages Polemos speaks, English first
NAMES = {"en": "English", "es": "Español"}  # each language by its own name (the language switcher)

_current: ContextVar[str] = ContextVar("polemos_language", default=DEFAULT)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it here (it is translated where shown)."""
    return message


def normalize(lang: str | None) -> str | None:
    """``lang`` as one of :data:`LANGUAGES` ("es-AR" -> "es", "EN" -> "en"), or ``None``."""
    if not lang:
        return None
    base = lang.strip().replace("_", "-").split("-", 1)[0].lower()
    return base if base in LANGUAGES else None


def negotiate(accept_language: str | None) -> str | None:
    """The best of :data:`LANGUAGES` for an HTTP ``Accept-Language`` header (RFC 9110 12.5.4: by
    quality, then by order), or ``None`` when it names none of them."""
    if not accept_language:
        return None
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        lang = normalize(tag)
        if lang is not None and q > 0:
            ranked.append((-q, i, lang))
    return min(ranked)[2] if ranked else None


def choose(*candidates: str | None) -> str:
    """The first of ``candidates`` Polemos speaks (each normalized), else English."""
    for candidate in candidates:
        lang = normalize(candidate)
        if lang is not None:
            return lang
    return DEFAULT


def current() -> str:
    """The language :func:`use` set in this context (English by default)."""
    return _current.get()


@contextmanager
def use(lang: str | None) -> Iterator[str]:
    """Within the block, :func:`current` is ``lang`` (normalized; English if unknown) in this context only."""
    chosen = choose(lang)
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


@dataclass(frozen=True, slots=True)
class Catalog:
    """One language's messages: ``singular`` msgid -> msgstr; ``plural`` (singular, plural) -> forms;
    ``templates`` the messages with placeholders, most specific first, as regular expressions."""

    lang: str
    singular: Mapping[str, str]
    plural: Mapping[tuple[str, str], tuple[str, ...]]
    plural_index: str  # the catalog's Plural-Forms expression, e.g. "(n != 1)"
    # (pattern for a whole text, pattern for an argument, msgid, a fragment (_is_fragment), its longest literal
    # part: a line without it can't match)
    templates: tuple[tuple[re.Pattern[str], re.Pattern[str], str, bool, str], ...]
    # the templates that join two parts with one word ("{a}, {b}", "{a} and {b}", "{what} at {where}"), in the
    # same order in their translation, by msgid (_joins)
    joins: Mapping[str, Join]
    separators: frozenset[str]  # the separators of those joins


@dataclass(frozen=True, slots=True)
class Join:
    """A template that joins a list ("{a}, {b}"): its separator, the most pieces (the texts between two
    separators) one part of a list can span, and the literal parts of each message that holds the separator
    in its own words ("Sicel and Segestan Levies" for " and "): a part spanning pieces is read as one only
    where all the literal parts of one of them are in it (else no message can read the separator in it)."""

    sep: str
    span: int
    bridges: tuple[tuple[str, ...], ...]

    def may_bridge(self, part: str) -> bool:
        return any(all(lit in part for lit in lits) for lits in self.bridges)


_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


# placeholders that stand for a count ("{n} hits", "{k} of them", "-{m}"): they match a whole number only,
# so "3 +1 leader +1 more cavalry" is read as "{roll} +{n} leader" inside "{roll} +1 more cavalry"
_COUNTS = frozenset({"n", "k", "m"})
# a placeholder that stands for a name printed in capitals on a map ("{town} Hoplites": "ATHENS Hoplites", never
# "2 Athenian Hoplites"): it matches capitals, spaces and dots only
_TOWNS = frozenset({"town"})
# a placeholder that stands for what follows a piece's name ("{town} Navy {rest}": "GYTHEUM Navy 2"): a number or
# code, never words, so "GYTHEUM Navy at GYTHEUM" is read as "{block} at {city}", not as a Navy named "at GYTHEUM"
_SUFFIXES = frozenset({"rest"})
# a template that opens with a placeholder (not a {rule}) must not take in the rule a log line opens with
# ("7.2 Athens builds ..." is "7.2" + "{side} builds ...", the side is not "7.2 Athens")
_NOT_A_RULE = r"(?!\d+(?:\.\d+)+:?\s)"


def _template(msgid: str, whole: bool = False) -> re.Pattern[str] | None:
    """A regular expression that matches the English lines ``msgid`` writes, its placeholders as groups;
    ``whole``: for a whole text (a log line), whose opening placeholder does not take in a rule."""
    parts = _PLACEHOLDER.split(msgid)
    if len(parts) == 1:
        return None
    pattern, seen = [], set()
    for k, part in enumerate(parts):
        if k % 2 == 0:
            pattern.append(re.escape(part))
        elif part in seen:
            pattern.append(f"(?P={part})")
        elif part in _COUNTS:
            seen.add(part)
            pattern.append(f"(?P<{part}>[-+]?\\d+)")
        elif part in _TOWNS:
            seen.add(part)
            pattern.append(f"(?P<{part}>[A-Z][A-Z .'-]*)")
        elif part in _SUFFIXES:
            seen.add(part)
            pattern.append(f"(?P<{part}>[^a-z]+?)")
        else:
            seen.add(part)
            lead = _NOT_A_RULE if whole and k == 1 and not parts[0] and not part.startswith("rule") else ""
            pattern.append(f"(?P<{part}>{lead}.+?)")
    return re.compile("".join(pattern) + r"\Z", re.DOTALL)


@cache
def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` (empty for English, the source language, and for an unknown language)."""
    singular: dict[str, str] = {}
    plural: dict[tuple[str, str], tuple[str, ...]] = {}
    plural_index = "(n != 1)"
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if lang != DEFAULT and lang in LANGUAGES and path.exists():
        with path.open("rb") as f:
            cat = read_mo(f)
        plural_index = cat.plural_expr
        for message in cat:
            if not message.id or not message.string:
                continue
            if isinstance(message.id, (tuple, list)):
                forms = tuple(str(s) for s in message.string)
                if all(forms):
                    plural[(str(message.id[0]), str(message.id[1]))] = forms
            elif isinstance(message.string, str):
                singular[str(message.id)] = message.string
    found = [(whole, pattern, msgid, _is_fragment(msgid), max(_PLACEHOLDER.split(msgid)[::2], key=len))
             for msgid in singular
             if (pattern := _template(msgid)) is not None and (whole := _template(msgid, True)) is not None]
    # the most specific template first: the one with the most literal text, then one that opens with words
    # (anchored) before one that opens with a placeholder, then one that splits at a semicolon (it binds
    # looser than a comma: "a, b; c, d" is "{a}; {b}" before "{a}, {b}")
    found.sort(key=lambda pm: (-len(_PLACEHOLDER.sub("", pm[2])), pm[2].startswith("{"),
                               ";" not in _PLACEHOLDER.sub("", pm[2])))
    joins = _joins(singular)
    return Catalog(lang, singular, plural, plural_index, tuple(found), joins,
                   frozenset(j.sep for j in joins.values()))


# the separators of lists, the loosest first: a list is read at the loosest separator it holds, so an item
# holding a tighter one is one item ("A and B, C and D" is two items joined by ", ")
_LISTS = ("; ", ", ", " and ")
_LOOSER = {sep: _LISTS[:k] for k, sep in enumerate(_LISTS)}
# a template that joins two parts with its only literal text: a list ("{a}, {b}", "{a}; {b}", "{a} and {b}") or a
# pair ("{what} at {where}", "{a} of {b}"); its translation keeps the two parts in order
_JOIN = re.compile(r"\{(?P<x>[a-z_][a-z0-9_]*)\}(?P<sep>[^{}]+)\{(?P<y>[a-z_][a-z0-9_]*)\}")


def _joins(singular: Mapping[str, str]) -> dict[str, Join]:
    """The joining templates of a catalog (:data:`_JOIN`, placeholders neither counts nor towns, the same two
    in the same order in the translation), each as a :class:`Join`: its separator, and the messages that hold
    the separator in their own words other than the joins by it; a part spans one more piece than the most
    times one of them holds it ("Sicel and Segestan Levies" is one part of "... and ...": two pieces)."""
    found: dict[str, str] = {}
    for msgid, msgstr in singular.items():
        m, t = _JOIN.fullmatch(msgid), _JOIN.fullmatch(msgstr)
        if m is not None and t is not None and m["x"] != m["y"] and (m["x"], m["y"]) == (t["x"], t["y"]) \
                and not {m["x"], m["y"]} & (_COUNTS | _TOWNS):
            found[msgid] = m["sep"]
    out: dict[str, Join] = {}
    for msgid, sep in found.items():
        bridges = [tuple(lit for lit in _PLACEHOLDER.split(other)[::2] if lit) for other in singular
                   if found.get(other) != sep and sep in "\0".join(_PLACEHOLDER.split(other)[::2])]
        span = 1 + max((sum(lit.count(sep) for lit in lits) for lits in bridges), default=0)
        out[msgid] = Join(sep, span, tuple(bridges))
    return out


def _is_fragment(msgid: str) -> bool:
    """A template with hardly any words of its own ("{block} at {city}", "{n} MP"): it would match the
    middle of any long line, so it reads only short texts and the parts of other templates."""
    return sum(c.isalpha() for c in _PLACEHOLDER.sub("", msgid)) < 4


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: :func:`current`); English when the catalog lacks it."""
    cat = catalog(choose(lang) if lang is not None else current())
    return cat.singular.get(message, message) if cat.singular else message


def _plural_form(expr: str, n: int) -> int:
    """The index of the plural form for ``n`` by a catalog's Plural-Forms expression (English and
    Spanish both use ``(n != 1)``; any other expression of that shape is read the same way)."""
    if expr.replace(" ", "") in ("(n!=1)", "n!=1"):
        return 1 if n != 1 else 0
    if expr.replace(" ", "") in ("0", "(0)"):
        return 0
    raise ValueError(f"unsupported Plural-Forms expression {expr!r}")


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    """The singular or plural of a message for ``n``, in ``lang`` (default: :func:`current`)."""
    cat = catalog(choose(lang) if lang is not None else current())
    forms = cat.plural.get((singular, plural))
    if forms is None:
        return singular if n == 1 else plural
    return forms[min(_plural_form(cat.plural_index, n), len(forms) - 1)]


def messages(lang: str) -> dict[str, str]:
    """Every translated singular message of ``lang`` (msgid -> msgstr): the page's client catalog."""
    return dict(catalog(choose(lang)).singular)


_NUMBER = re.compile(r"[-+]?\d+(?:[./:]\d+)*")
# a part of a text that may stay as it is when a fragment reads the text: names and numbers only ("Tegea 1,
# Mantinea 2", "ATHENS")
_NAMES = re.compile(r"(?:[A-Z0-9][\w'’.-]*)(?:,? [A-Z0-9][\w'’.-]*)*")
# how deep templates are read inside the arguments of templates. A list is not read one item deeper per item (a
# list of any length is read at one depth: _read_list), so this bounds only phrases nested in phrases, which no
# line of the games nests half as deep; it keeps a pathological text from exhausting Python's stack
MAX_DEPTH = 16
_WORD = re.compile(r"[A-Za-z]{2,}")


def translate_text(text: str, lang: str | None = None) -> str:
    """An English line in ``lang``: its message if the catalog has it, else the line matched against
    the catalog's templates (their arguments translated the same way), else the line unchanged."""
    chosen = choose(lang) if lang is not None else current()
    if chosen == DEFAULT:
        return text
    return _translate(text, chosen, 0)


@lru_cache(maxsize=65536)
def _translate(text: str, lang: str, depth: int, skip: str = "") -> str:
    """``text`` in ``lang`` at ``depth`` (0: a whole line), not read at its top as a list joined by ``skip`` (a
    part of a list spanning several pieces is not read as such a list again)."""
    cat = catalog(lang)
    exact = cat.singular.get(text)
    if exact is not None:
        return exact
    if depth > MAX_DEPTH or not text or _NUMBER.fullmatch(text):
        return text
    for whole, pattern, msgid, fragment, needle in cat.templates:
        if needle not in text:
            continue
        join = cat.joins.get(msgid)
        if join is not None and (join.sep == skip or any(
                looser in text and looser in cat.separators for looser in _LOOSER.get(join.sep, ()))):
            continue  # a list by ", " is read before its items by " and " ("A and B, C and D": two items)
        m = (whole if depth == 0 else pattern).match(text)
        if m is None:
            continue
        if join is not None:
            # a list is read from its parts: the reading of its pieces that leaves the least English, so a part
            # whose own name holds the separator ("Sicel and Segestan Levies II, Thurian and Rhegine Hoplites")
            # is one part, and no list is cut at an arbitrary depth
            english = _read_list(text, lang, depth, join)
            if len(english) == 1:  # best read as one part: not a list this template joins
                continue
            shown = [_translate(part, lang, depth + 1, join.sep if join.sep in part else "") for part in english]
        else:
            english = list(m.groupdict().values())
            shown = [_translate(v, lang, depth + 1) for v in english]
        worded = [k for k, v in enumerate(english) if any(c.isalpha() for c in v)]
        if fragment and depth == 0 and worded and (all(shown[k] == english[k] for k in worded) or any(
                shown[k] == english[k] and not _NAMES.fullmatch(english[k]) for k in worded)):
            # a text read as a whole by a fragment is not translated by its joining word alone ("Tanagra and
            # Delium" against "{a} and {b}", "· rout at 5" against "{what} at {where}"): some part has its
            # translation, and a part left as it is holds only names and numbers ("Spartans 3, Tegea 1")
            continue
        if join is not None:
            return _fold(cat.singular[msgid], list(m.groupdict()), shown)
        return _fill(cat.singular[msgid], dict(zip(m.groupdict(), shown, strict=True)))
    return text


def _read_list(text: str, lang: str, depth: int, join: Join) -> list[str]:
    """The parts of ``text``, a list joined by ``join.sep``: the text cut at every separator into pieces, and
    the pieces grouped into parts (at most ``join.span`` pieces each, where a message may read the separator
    inside: Join.may_bridge) the way whose translations keep the fewest of the text's English words, then the
    fewest parts (a part the catalog has as one message, a name holding the separator, reads better whole than
    cut). Dynamic programming over the pieces: a list of any length, read at one depth."""
    sep = join.sep
    pieces = text.split(sep)
    # best[i]: (English words left, parts, where the last part starts) for the first i pieces
    best: list[tuple[int, int, int]] = [(0, 0, 0)]
    for i in range(1, len(pieces) + 1):
        options = []
        for j in range(max(0, i - join.span), i):
            part = sep.join(pieces[j:i])
            if i - j > 1 and not join.may_bridge(part):
                continue
            shown = _translate(part, lang, depth + 1, sep if i - j > 1 else "")
            left, parts, _ = best[j]
            options.append((left + _left(part, shown), parts + 1, j))
        best.append(min(options))
    out: list[str] = []
    i = len(pieces)
    while i > 0:
        j = best[i][2]
        out.append(sep.join(pieces[j:i]))
        i = j
    return out[::-1]


def _left(english: str, shown: str) -> int:
    """How many words of ``shown`` are still ``english``'s own (its names too: fewer is better)."""
    own = set(_WORD.findall(english))
    return sum(1 for w in _WORD.findall(shown) if w in own)


def _fold(msgstr: str, names: list[str], parts: list[str]) -> str:
    """The translated ``parts`` of a list joined by a joining template's translation ``msgstr`` (placeholders
    ``names``), from the right: "{a} y {b}" joins A, B, C as "A y B y C", as the English joined them."""
    shown = parts[-1]
    for part in reversed(parts[:-1]):
        shown = _fill(msgstr, {names[0]: part, names[1]: shown})
    return shown


def _fill(msgstr: str, args: Mapping[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: args.get(m.group(1), m.group(0)), msgstr)


def format_message(msg: str, args: Mapping[str, object], lang: str | None = None) -> str:
    """A structured message (``msg`` with ``{name}`` placeholders) in ``lang``, its string arguments
    translated as messages and the rest written as they are."""
    chosen = choose(lang) if lang is not None else current()
    text = gettext(msg, chosen)
    shown = {k: translate_text(v, chosen) if isinstance(v, str) else str(v) for k, v in args.items()}
    return _fill(text, shown)


def page_words(doc: object, lang: str, limit: int = 5000) -> dict[str, str]:
    """The strings of ``doc`` (a page's panel, its action labels, its prompt: any JSON) that ``lang``
    translates, as {English: translation}: what a page drawn in English by a game's web module says
    in ``lang`` (the page looks its words up there). At most ``limit`` strings are looked at."""
    from polemos.core.log import translate_line  # a line that opens or ends with its rule ("4.3: ...", "Pass (4.3)")

    chosen = choose(lang)
    out: dict[str, str] = {}
    if chosen == DEFAULT:
        return out
    stack: list[object] = [doc]
    seen = 0
    while stack and seen < limit:
        item = stack.pop()
        if isinstance(item, str):
            seen += 1
            if item not in out and 0 < len(item) <= 2000:
                shown = translate_line(item, chosen)
                if shown != item:
                    out[item] = shown
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return out


_SVG_TEXT = re.compile(r">([^<>]+)</(?:text|tspan|title)>")
_SVG_ARIA = re.compile(r'aria-label="([^"]*)"')


def board_texts(svg: str) -> list[str]:
    """The words of a board drawn as SVG (its ``text``, ``tspan`` and ``title`` elements' own text, and its
    elements' ``aria-label``: what a screen reader says): the page swaps each for its translation (page_words)."""
    return [unescape(t).strip() for t in _SVG_TEXT.findall(svg) + _SVG_ARIA.findall(svg)]


def result_in(summary: Mapping[str, object], lang: str) -> dict[str, object]:
    """A game's summary (the lobby's, a game page's head) with its result's reason in ``lang``: the stored
    result stays English, the record's words; the reason reads like a log line ("8.2: Athens surrender(s);
    ... (10.1.5)": its rules kept)."""
    from polemos.core.log import translate_line

    out = dict(summary)
    result = summary.get("result")
    if choose(lang) != DEFAULT and isinstance(result, Mapping) and isinstance(result.get("reason"), str):
        out["result"] = {**result, "reason": translate_line(str(result["reason"]), lang)}
    return out


# ============================================================================ how wide a label is drawn
# The boards are SVG drawn once, in English, and the page swaps each text for its translation (page_words),
# so a board lays its labels out for the widest of their languages (issue 11: Spanish runs longer and must
# not overlap). The widths are DejaVu Sans advances measured in Chromium (locale/glyph_widths.toml says why
# that font); a character not listed counts as a wide one.
@cache
def _advances(bold: bool) -> tuple[dict[str, int], int]:
    """Each listed character's advance in thousandths of an em (bold or regular), and an unlisted one's."""
    with (LOCALE_DIR / "glyph_widths.toml").open("rb") as f:
        table = tomllib.load(f)
    return dict(zip(str(table["glyphs"]), table["bold" if bold else "regular"], strict=True)), int(table["wide"])


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` drawn at ``size`` px (DejaVu Sans, the widest of the boards' fonts)."""
    advance, wide = _advances(bold)
    return sum(advance.get(c, wide) for c in text) * size / 1000


def shown_in(text: str) -> tuple[str, ...]:
    """``text`` (a board's English label) as the page shows it in each of :data:`LANGUAGES`, English first:
    the page swaps a board's words for their translation as :func:`page_words` finds it."""
    from polemos.core.log import translate_line

    return tuple(dict.fromkeys([text, *(translate_line(text, lang) for lang in LANGUAGES)]))


@lru_cache(maxsize=8192)
def shown_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in the language it runs longest in (:func:`shown_in`) at ``size`` px: the room a
    board leaves for the label, whichever language the page is read in."""
    return max(text_width(t, size, bold) for t in shown_in(text))
