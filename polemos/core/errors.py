"""Errors a user of the kernel may meet. All are ``ValueError``s with a message a player understands."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that is illegal now, or malformed. The state is left untouched."""


class RecordError(ValueError):
    """A game record or position document that cannot be read or does not replay."""


class UnknownGameError(ValueError):
    """No game is registered under that id."""
