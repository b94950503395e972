FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/bot.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /app mars \
    && mkdir -p /data \
    && chown mars /data

USER mars
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
