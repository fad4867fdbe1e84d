"""``warroom serve``: the web server, where people play in the browser."""

from __future__ import annotations

from typing import Annotated

import typer

from warroom.cli import app


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on")] = 8000,
    db: Annotated[str, typer.Option(help="the SQLite file that keeps every match")] = (
        "data/warroom.sqlite"
    ),
    players: Annotated[
        str, typer.Option(help="where computer seats think: process or thread")
    ] = "process",
    budget: Annotated[
        float,
        typer.Option(
            help="seconds a searching computer thinks when its seat names no budget (at most 10)"
        ),
    ] = 3.0,
    workers: Annotated[
        int, typer.Option(help="computer players that think at once (matches take turns)")
    ] = 1,
    deadline: Annotated[
        float, typer.Option(help="seconds before a computer that has not answered moves at random")
    ] = 90.0,
    sync: Annotated[
        str,
        typer.Option(
            help="full: every move is fsynced before it is acknowledged (survives a power cut);"
            " normal: written to the OS before it is acknowledged (survives kill -9, not a power"
            " cut), quicker on a busy disk"
        ),
    ] = "full",
    max_rooms: Annotated[
        int, typer.Option(help="matches kept in memory (the rest reload from the database)")
    ] = 500,
    idle: Annotated[
        float, typer.Option(help="seconds after which an idle match is dropped from memory")
    ] = 600.0,
) -> None:
    """Serve the games in the browser: open http://HOST:PORT/ and pick a game."""
    import uvicorn

    from warroom.server.app import UVICORN_LIMITS, create_app
    from warroom.server.players import MAX_SECONDS, Players
    from warroom.server.store import SYNC

    if sync not in SYNC:
        raise typer.BadParameter(f"--sync is one of {', '.join(SYNC)}")
    if not 0 < budget <= MAX_SECONDS:
        raise typer.BadParameter(f"--budget is more than 0 and at most {MAX_SECONDS:g} seconds")
    application = create_app(
        db,
        players=Players(players, workers=workers, budget=budget, deadline=deadline),
        sync=sync,
        max_rooms=max_rooms,
        idle=idle,
    )
    typer.echo(f"warroom: open http://{host}:{port}/  (matches are kept in {db})")
    uvicorn.run(
        application,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,  # nothing of it is shown at this log level anyway: not made either
        proxy_headers=False,  # no proxy in front: forwarded headers are not trusted
        server_header=False,
        date_header=False,
        **UVICORN_LIMITS,  # WebSocket messages and request heads bounded
    )
