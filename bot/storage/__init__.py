"""Storage: repositories per group of tables over one database.

`bot.storage.storage.Storage` holds the repositories (`games`, `moves`, `outbox`, `leases`,
`takebacks`, `ledger`, `people`, `servers`, `operations`), each of plain SQL written once, over one
`bot.storage.database.Database` that holds what differs between SQLite (`bot.storage.sqlite`, the
embedded default) and PostgreSQL (`bot.storage.postgres`, for several processes on one database).
The schema is `bot.storage.migrations`, written once for both.
"""
