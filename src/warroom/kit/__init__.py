"""Mechanics that more than one game uses. A thing enters the kit when a second game needs it."""
