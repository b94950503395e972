"""Operations for the server administrator: each process's sign of life (`heartbeat`), the
health check (`health`), a copy of the database (`backup`), the bot's figures (`figures`) and
its version (`version`), read by `python -m bot health|backup|status` and `/status`."""
