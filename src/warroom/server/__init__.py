"""The web server: matches for people and computer seats, kept in SQLite, drawn in the browser."""

from warroom.server.app import create_app

__all__ = ["create_app"]
