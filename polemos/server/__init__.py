"""The Polemos server: the browser table and its JSON API (FastAPI, SQLAlchemy, Alembic).

Generic over every registered game: it speaks only the kernel contract (``polemos.game``,
``new``, ``legal_actions``, ``apply``, ``view``, ``to_json``/``from_json``, ``record``) and each game's
optional ``web`` module (``render_board``, ``action_refs``, ``describe``) for the page.
"""
