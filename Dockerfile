FROM python:3.11-slim

# Which build this is, shown by /status and `python -m bot status` (docker-compose.yml passes
# them from the environment: see the README's Upgrade).
ARG BUILD_COMMIT=""
ARG BUILD_DATE=""

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/bot.sqlite3 \
    BUILD_COMMIT=${BUILD_COMMIT} \
    BUILD_DATE=${BUILD_DATE}

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
