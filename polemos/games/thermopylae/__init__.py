"""Go Tell the Spartans — work in progress: tables only; not yet a registered game."""
