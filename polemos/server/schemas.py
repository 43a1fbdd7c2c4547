"""The API's bodies as pydantic models: what each request may carry (types, enums, limits) and what each
response holds, so the OpenAPI document (``/api/openapi.json``) tells the truth and the server checks it
(issue 8, item 8). Every error is ``{"error": message}`` (:class:`Error`); :func:`errors` documents an
endpoint's error statuses.

Game-specific parts (a role's view, the side panel, a record's position) are plain JSON objects here:
each game defines them (polemos/games/*/view.py, web.py).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import Path, Query
from pydantic import BaseModel, ConfigDict, Field

from polemos.server.service import MAX_PAGE_SIZE, MAX_PASSWORD, MAX_SEED, PAGE_SIZE

MAX_ID = 2**63 - 1  # database ids and versions are 64-bit integers
MAX_TEXT = 100  # a role, bot, scenario or game id, an invitation

GameId = Annotated[int, Path(ge=1, le=MAX_ID, description="the game's number")]
Version = Annotated[int, Field(ge=0, le=MAX_ID, description="the version of the acting seat's page the action "
                                                             "was chosen on (`version` of its view): 409 if that "
                                                             "page changed since")]
RoleName = Annotated[str, Field(min_length=1, max_length=MAX_TEXT)]
ListName = Literal["open", "mine", "finished"]
Limit = Annotated[int, Query(ge=1, le=MAX_PAGE_SIZE, description="games per page")]
Offset = Annotated[int, Query(ge=0, le=MAX_ID, description="games to skip (the page's start)")]
After = Annotated[int, Query(ge=0, le=MAX_ID, description="a version of my page (e.g. the one my last action "
                                                          "made): what my view's log shows after it")]
Step = Annotated[int, Query(ge=0, le=MAX_ID, description="actions to replay (more than the game has: all)")]
DEFAULT_PAGE = PAGE_SIZE


# -- errors ---------------------------------------------------------------------------------------------
class Error(BaseModel):
    """Every error: a message a person can read."""

    error: str = Field(description="what went wrong, for a person")


_MEANING = {
    400: "malformed request, or a value the game refuses (unknown game, option, seat, bot)",
    401: "not logged in (or wrong user name or password)",
    403: "not yours (a seat, a game's invitation), a missing or wrong CSRF token, or a request from another site",
    404: "no such game",
    409: "not now: not your turn, a stale version, the game is over or full, a name taken, a limit reached",
    413: "the request body is too large",
    422: "an illegal action",
    429: "too many attempts: wait the seconds in Retry-After",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of an endpoint that may answer with these error statuses."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        out[code] = {"model": Error, "description": _MEANING[code]}
        if code == 429:
            out[code]["headers"] = {"Retry-After": {"description": "seconds to wait", "schema": {"type": "string"}}}
    return out


# -- requests -------------------------------------------------------------------------------------------
class Credentials(BaseModel):
    name: str = Field(max_length=40, description="2-40 letters, digits, '.', '-' or '_'; unique regardless "
                                                 "of case")
    password: str = Field(max_length=MAX_PASSWORD, description="8-200 characters, not only spaces, not the name")


class SeatSpec(BaseModel):
    kind: Literal["me", "open", "bot"] = Field(description="me: the creator; open: another player; bot: a bot")
    bot: str | None = Field(default=None, max_length=MAX_TEXT, description="which bot (see the catalog)")


class CreateGame(BaseModel):
    game: str = Field(max_length=MAX_TEXT, description="a game id from the catalog")
    scenario: str | None = Field(default=None, max_length=MAX_TEXT)
    options: dict[str, Any] | None = Field(default=None, description="the game's options (see its schema in the "
                                                                      "catalog)")
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED,
                             description="a chosen seed, only if every human seat is yours (hot-seat, bots); "
                                         "default: 128 secret bits")
    hotseat: bool = False
    seats: dict[str, SeatSpec] | None = Field(default=None, description="each role's seat (default: the "
                                                                         "first is yours, the rest open)")


class Join(BaseModel):
    role: RoleName | None = None
    invite: str | None = Field(default=None, max_length=MAX_TEXT)


class Act(BaseModel):
    action: str = Field(max_length=500, description="the action's text, as listed in `legal`")
    version: Version
    role: RoleName | None = Field(default=None, description="which of your seats acts (hot-seat)")


class Undo(BaseModel):
    version: Version
    role: RoleName | None = None


# -- responses ------------------------------------------------------------------------------------------
class SessionOut(BaseModel):
    user: str
    csrf: str = Field(description="send it as X-CSRF-Token with every state-changing request")
    lang: str | None = Field(default=None, description="the account's language (en, es), if it chose one")


class Language(BaseModel):
    lang: str | None = Field(description="en or es; null: the browser's language")


class Messages(BaseModel):
    lang: str
    languages: dict[str, str] = Field(description="each language Polemos speaks, by its own name")
    messages: dict[str, str] = Field(description="the page's strings: English msgid -> translation")


class Ok(BaseModel):
    ok: bool


class LoggedOutEverywhere(BaseModel):
    ok: bool
    sessions: int = Field(description="how many sessions ended")


class OptionOut(BaseModel):
    """A game option's schema (polemos.core.options.OptionSpec)."""

    name: str
    type: Literal["bool", "int", "choice", "object"]
    description: str
    default: bool | int | str | dict[str, Any] | None = Field(default=None, description="absent: off")
    minimum: int | None = None
    maximum: int | None = None
    choices: list[str] | None = None
    fields: list[OptionOut] | None = None


class GameInfo(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str
    title: str
    roles: list[str]
    scenarios: list[str]
    options: list[OptionOut]
    rules: str
    data: str
    bots: list[str]


class SeatOut(BaseModel):
    role: str
    kind: Literal["human", "open", "bot"]
    player: str | None
    bot: str | None


class Summary(BaseModel):
    """A game in the lobby."""

    model_config = ConfigDict(extra="allow")
    id: int
    game: str
    title: str
    scenario: str | None
    options: dict[str, Any]
    status: Literal["open", "active", "finished"]
    version: int = Field(description="the public page's version (the spectator's): moves only on what everyone sees")
    active: list[str] = Field(description="the roles to act now")
    hotseat: bool
    winner: str | None
    result: dict[str, Any] | None
    seats: list[SeatOut]
    my_roles: list[str]
    my_turn: bool
    invite: str | None = Field(description="the invitation, for the game's creator only")
    updated_at: str
    seed_chosen: bool = Field(description="the creator chose the seed (allowed only without other players)")


class Created(BaseModel):
    id: int
    invite: str
    status: Literal["open", "active"]


class Joined(BaseModel):
    id: int
    role: str
    status: Literal["open", "active"]


class Acted(BaseModel):
    version: int = Field(description="the acting seat's page's version after the action")
    action: str
    role: str
    status: Literal["active", "finished"]
    page: ViewOut | None = Field(default=None, description="with ?page=true: the acting seat's page after the "
                                                           "action, as GET /view answers it (one request less)")


class ViewOut(BaseModel):
    """What a page shows: a role's view (or the spectator's) and, for a seat to act, its legal actions."""

    model_config = ConfigDict(extra="allow")
    game: Summary
    version: int = Field(description="this page's version: it changes only when what this role (or the "
                                     "spectator) may see changes; act at it")
    versions: dict[str, int] = Field(description="the versions of all my pages (each of my seats, or '*' for the "
                                                 "spectator's), as the WebSocket sends them")
    role: str | None
    view: dict[str, Any] = Field(description="the game's view for this role: hidden facts are absent")
    legal: list[str]
    can_undo: bool
    board: str | None = Field(default=None, description="the board as SVG")
    refs: list[Any] | None = None
    panel: dict[str, Any] | None = None
    labels: list[str] | None = None
    groups: list[list[str] | None] | None = Field(default=None, description="for each legal action, [the heading the "
                                                  "page lists it under, its button's words there] (null: on its own), "
                                                  "when the game groups them")


class ExplainOut(BaseModel):
    """Why my page offers no choice on some places of the board now (State.explain), worked out only when
    asked: the page asks when a click finds nothing to choose."""

    version: int = Field(description="the version of my page this explains (as GET /view gives it)")
    role: str | None = Field(description="the seat explained (null: the spectator, who is offered nothing)")
    why: dict[str, list[str]] = Field(description="{reason, citing its rule: [board refs it applies to]}; "
                                                  "empty when the game has nothing to explain now")


class SinceItem(BaseModel):
    """A change of my page since the version asked for: the lines it added to my view's log."""

    version: int = Field(description="my page's version that brought these lines")
    at: str
    log: list[str] = Field(description="the new lines of my view's log (nothing another role did in secret)")


class Record(BaseModel):
    """A finished game's record: replays it exactly (``polemos replay``), seed included."""

    model_config = ConfigDict(extra="allow")
    game: str
    rules: str
    data: str
    seed: int
    scenario: str | None
    options: dict[str, Any]
    actions: list[list[str]]


class ReplayOut(BaseModel):
    model_config = ConfigDict(extra="allow")
    step: int
    steps: int
    action: list[str] | None
    view: dict[str, Any]
    board: str | None = None
    panel: dict[str, Any] | None = None


def document_errors(schema: dict[str, Any]) -> dict[str, Any]:
    """Make the OpenAPI document say what the server does with bad requests: FastAPI documents a 422
    with its own body for a request that fails validation, but this API answers 400 with
    :class:`Error`; and every state-changing request may be refused as cross-site (403) or too large
    (413) by polemos.server.guards."""
    error = {"$ref": "#/components/schemas/Error"}
    schemas = schema.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault("Error", Error.model_json_schema())
    for item in schema.get("paths", {}).values():
        for method, op in item.items():
            responses = op.setdefault("responses", {})
            default = responses.get("422", {}).get("content", {}).get("application/json", {}).get("schema", {})
            if str(default.get("$ref", "")).endswith("/HTTPValidationError"):
                del responses["422"]
                responses.setdefault("400", {"description": _MEANING[400], "content": {
                    "application/json": {"schema": error}}})
            if method in ("post", "put", "patch", "delete"):
                for code in (403, 413):
                    responses.setdefault(str(code), {"description": _MEANING[code], "content": {
                        "application/json": {"schema": error}}})
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    return schema
