"""The migrations as the bot wrote them before they were written once for both databases
(`club.storage.migrations`): SQLite's and PostgreSQL's lists, kept verbatim so that tests can build
a database as an older bot left it, at any schema version, and open it with today's bot."""

from __future__ import annotations

SQLITE: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        version INTEGER NOT NULL DEFAULT 0,
        state TEXT,
        creator_id INTEGER NOT NULL,
        lobby_message_id INTEGER,
        result TEXT,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        display_name TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE moves (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('move', 'resign')),
        notation TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    """
    ALTER TABLE games ADD COLUMN deadline REAL;
    CREATE INDEX games_deadline ON games (deadline) WHERE status = 'active';
    """,
    """
    CREATE TABLE moves_v3 (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('move', 'hidden', 'resign', 'timeout')),
        notation TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    INSERT INTO moves_v3 SELECT game_id, seq, seat, kind, notation, created_at FROM moves;
    DROP TABLE moves;
    ALTER TABLE moves_v3 RENAME TO moves;
    ALTER TABLE games ADD COLUMN phase TEXT;
    ALTER TABLE games ADD COLUMN phase_deadline REAL;
    CREATE INDEX games_phase_deadline ON games (phase_deadline) WHERE status = 'active';
    """,
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        payload TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
    );
    CREATE INDEX outbox_by_game ON outbox (game_id, id);
    ALTER TABLE games ADD COLUMN board_message_id INTEGER;
    ALTER TABLE games ADD COLUMN board_text TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN board_digest TEXT NOT NULL DEFAULT '';
    ALTER TABLE seats ADD COLUMN dm_hinted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE moves ADD COLUMN said TEXT NOT NULL DEFAULT '';
    """,
    """
    ALTER TABLE seats ADD COLUMN level TEXT;
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    """,
    """
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        streak INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game_key, user_id)
    );
    ALTER TABLE games ADD COLUMN finished_seq INTEGER;
    UPDATE games SET finished_seq = (
        SELECT COUNT(*) FROM games AS earlier WHERE earlier.status = 'finished'
        AND (earlier.updated_at < games.updated_at
             OR (earlier.updated_at = games.updated_at AND earlier.id <= games.id))
    ) WHERE status = 'finished';
    CREATE UNIQUE INDEX games_finished_seq ON games (finished_seq) WHERE finished_seq IS NOT NULL;
    """,
    """
    ALTER TABLE games ADD COLUMN clock_hours INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN claim_at REAL;
    ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id);
    ALTER TABLE games ADD COLUMN first_user INTEGER;
    """,
    """
    CREATE TABLE moves_v8 (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('move', 'hidden', 'resign', 'timeout', 'takeback')),
        notation TEXT NOT NULL,
        created_at REAL NOT NULL,
        said TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (game_id, seq)
    );
    INSERT INTO moves_v8 SELECT game_id, seq, seat, kind, notation, created_at, said FROM moves;
    DROP TABLE moves;
    ALTER TABLE moves_v8 RENAME TO moves;
    CREATE TABLE takeback_requests (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        seq INTEGER NOT NULL,
        asker INTEGER NOT NULL,
        accepted TEXT NOT NULL DEFAULT '[]'
    );
    """,
    """
    CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at REAL NOT NULL
    );
    """,
    """
    CREATE TABLE heartbeats (
        process TEXT PRIMARY KEY,
        version TEXT NOT NULL,
        started_at REAL NOT NULL,
        beat_at REAL NOT NULL
    );
    """,
    """
    ALTER TABLE moves ADD COLUMN undoes INTEGER NOT NULL DEFAULT 1;
    """,
    """
    CREATE TABLE players (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        notify TEXT NOT NULL DEFAULT 'both' CHECK (notify IN ('dm', 'channel', 'both', 'none')),
        digest_at REAL,
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE away (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        starts_at REAL NOT NULL,
        ends_at REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id, starts_at)
    );
    CREATE TABLE servers (
        guild_id INTEGER PRIMARY KEY,
        remind_hours REAL,
        clock_hours INTEGER,
        standins INTEGER NOT NULL DEFAULT 1,
        channels TEXT NOT NULL DEFAULT '[]'
    );
    ALTER TABLE seats ADD COLUMN standin_level TEXT;
    ALTER TABLE games ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0;
    """,
    """
    CREATE TABLE nudges (
        guild_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        game_key TEXT NOT NULL,
        told_at REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id, game_key)
    );
    """,
)

POSTGRESQL: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        guild_id BIGINT,
        channel_id BIGINT NOT NULL,
        game_key TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        version INTEGER NOT NULL DEFAULT 0,
        state TEXT,
        creator_id BIGINT NOT NULL,
        lobby_message_id BIGINT,
        result TEXT,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id BIGINT NOT NULL REFERENCES games (id),
        user_id BIGINT NOT NULL,
        seat INTEGER NOT NULL,
        display_name TEXT NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE TABLE moves (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL CONSTRAINT moves_kind CHECK (kind IN ('move', 'resign')),
        notation TEXT NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    """
    ALTER TABLE games ADD COLUMN deadline DOUBLE PRECISION;
    CREATE INDEX games_deadline ON games (deadline) WHERE status = 'active';
    """,
    """
    ALTER TABLE moves DROP CONSTRAINT moves_kind,
        ADD CONSTRAINT moves_kind CHECK (kind IN ('move', 'hidden', 'resign', 'timeout'));
    ALTER TABLE games ADD COLUMN phase TEXT, ADD COLUMN phase_deadline DOUBLE PRECISION;
    CREATE INDEX games_phase_deadline ON games (phase_deadline) WHERE status = 'active';
    """,
    """
    CREATE TABLE outbox (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        game_id BIGINT NOT NULL REFERENCES games (id),
        payload TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX outbox_by_game ON outbox (game_id, id);
    ALTER TABLE games ADD COLUMN board_message_id BIGINT,
        ADD COLUMN board_text TEXT NOT NULL DEFAULT '',
        ADD COLUMN board_digest TEXT NOT NULL DEFAULT '';
    ALTER TABLE seats ADD COLUMN dm_hinted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE moves ADD COLUMN said TEXT NOT NULL DEFAULT '';
    """,
    """
    ALTER TABLE seats ADD COLUMN level TEXT;
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    """,
    """
    CREATE TABLE ratings (
        guild_id BIGINT NOT NULL,
        game_key TEXT NOT NULL,
        user_id BIGINT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        draws INTEGER NOT NULL DEFAULT 0,
        losses INTEGER NOT NULL DEFAULT 0,
        streak INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild_id, game_key, user_id)
    );
    ALTER TABLE games ADD COLUMN finished_seq INTEGER;
    UPDATE games SET finished_seq = numbered.seq FROM (
        SELECT id, ROW_NUMBER() OVER (ORDER BY updated_at, id) AS seq
        FROM games WHERE status = 'finished'
    ) AS numbered WHERE games.id = numbered.id;
    CREATE UNIQUE INDEX games_finished_seq ON games (finished_seq) WHERE finished_seq IS NOT NULL;
    """,
    """
    ALTER TABLE games ADD COLUMN clock_hours INTEGER NOT NULL DEFAULT 0,
        ADD COLUMN claim_at DOUBLE PRECISION,
        ADD COLUMN rematch_of BIGINT REFERENCES games (id),
        ADD COLUMN first_user BIGINT;
    """,
    """
    ALTER TABLE moves DROP CONSTRAINT moves_kind,
        ADD CONSTRAINT moves_kind
        CHECK (kind IN ('move', 'hidden', 'resign', 'timeout', 'takeback'));
    CREATE TABLE takeback_requests (
        game_id BIGINT PRIMARY KEY REFERENCES games (id),
        seq INTEGER NOT NULL,
        asker BIGINT NOT NULL,
        accepted TEXT NOT NULL DEFAULT '[]'
    );
    """,
    """
    CREATE TABLE leases (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires_at DOUBLE PRECISION NOT NULL
    );
    """,
    """
    CREATE TABLE heartbeats (
        process TEXT PRIMARY KEY,
        version TEXT NOT NULL,
        started_at DOUBLE PRECISION NOT NULL,
        beat_at DOUBLE PRECISION NOT NULL
    );
    """,
    """
    ALTER TABLE moves ADD COLUMN undoes INTEGER NOT NULL DEFAULT 1;
    """,
    """
    CREATE TABLE players (
        guild_id BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        notify TEXT NOT NULL DEFAULT 'both' CHECK (notify IN ('dm', 'channel', 'both', 'none')),
        digest_at DOUBLE PRECISION,
        PRIMARY KEY (guild_id, user_id)
    );
    CREATE TABLE away (
        guild_id BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        starts_at DOUBLE PRECISION NOT NULL,
        ends_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (guild_id, user_id, starts_at)
    );
    CREATE TABLE servers (
        guild_id BIGINT PRIMARY KEY,
        remind_hours DOUBLE PRECISION,
        clock_hours INTEGER,
        standins INTEGER NOT NULL DEFAULT 1,
        channels TEXT NOT NULL DEFAULT '[]'
    );
    ALTER TABLE seats ADD COLUMN standin_level TEXT;
    ALTER TABLE games ADD COLUMN unrated INTEGER NOT NULL DEFAULT 0;
    """,
    """
    CREATE TABLE nudges (
        guild_id BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        game_key TEXT NOT NULL,
        told_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (guild_id, user_id, game_key)
    );
    """,
)
