"""Operations for the server administrator: each process's sign of life (`heartbeat`), the
health check (`health`), a copy of the database (`backup`) and the bot's figures (`figures`),
read by `python -m bot health|backup|status` and the `/status` command (`command`)."""
