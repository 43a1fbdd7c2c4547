"""The OpenAPI document tells the truth (issue 8, item 8): schemathesis generates requests from it and
sends them to the app in-process (ASGI), as a visitor and logged in (a session cookie and its CSRF
header), and every response must be no server error, with a documented status, content type, headers
and body. Examples are few and derandomized, so the run is bounded and repeatable."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from sqlalchemy import select  # noqa: E402

from polemos.server.app import create_app  # noqa: E402
from polemos.server.db import User  # noqa: E402
from polemos.server.service import Store, open_store  # noqa: E402
from tests.server.conftest import PASSWORD, client_for  # noqa: E402

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance, negative_data_rejection]
# requests per operation and per kind of caller (~17 operations x 2): the same checks on every operation,
# on 12 generated requests in CI (was 25: CI must stay under 20 minutes in all); POLEMOS_DEEP=1 sends 100
EXAMPLES = 100 if os.environ.get("POLEMOS_DEEP") == "1" else 12


# The schema is read when the module is collected (schemathesis makes one test per operation), so the
# app under test is made then too: a fresh database in a temporary folder, removed after the tests.
FOLDER = Path(tempfile.mkdtemp(prefix="polemos-openapi-"))
STORE = open_store(None, FOLDER)
APP = create_app(STORE, bots=False)
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def served() -> Iterator[Store]:
    with client_for(STORE) as c:  # a player with games to look at: ids 1-3 exist
        csrf = c.post("/api/signup", json={"name": "tester", "password": PASSWORD}).json()["csrf"]
        for body in ({"game": "athens-and-sparta", "hotseat": True},
                     {"game": "go-tell-the-spartans", "seats": {"greek": {"kind": "me"}}},
                     {"game": "athens-and-sparta", "seats": {"athens": {"kind": "me"}, "sparta": {"kind": "open"}}}):
            assert c.post("/api/games", json=body, headers={"X-CSRF-Token": csrf}).status_code == 201
    yield STORE
    STORE.close()
    shutil.rmtree(FOLDER, ignore_errors=True)


def fresh_session(store: Store) -> tuple[str, str]:
    """A new session of the test player, straight into the database (no password hashing per example):
    the operations under test may log it out."""
    with store.write() as db, db.begin():
        user = db.scalars(select(User).where(User.name == "tester")).one()
        who, token = store._new_session(db, user)
    return token, who.csrf


SETTINGS = settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


@schema.parametrize()
@SETTINGS
def test_the_api_keeps_to_its_openapi_document_for_a_visitor(case: Any) -> None:
    case.call_and_validate(checks=CHECKS, base_url="https://testserver")


@schema.parametrize()
@SETTINGS
def test_the_api_keeps_to_its_openapi_document_for_a_player(case: Any) -> None:
    token, csrf = fresh_session(STORE)
    case.call_and_validate(checks=CHECKS, base_url="https://testserver", cookies={"polemos_session": token},
                           headers={**(case.headers or {}), "X-CSRF-Token": csrf})
