FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/bot.sqlite3

WORKDIR /app
# The whole source tree: what the image must not hold is listed in .dockerignore.
COPY . .
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /app mars \
    && mkdir -p /data \
    && chown mars /data

USER mars
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]
