#!/usr/bin/env bash
# Starts whichever local infrastructure service is not answering (PostgreSQL, Redis, RabbitMQ,
# NATS with JetStream), with the commands of this machine type. Safe to run at any time.
set -uo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() {
  local name=$1 port=$2
  for _ in $(seq 1 60); do
    port_open "$port" && return 0
    sleep 1
  done
  echo "infra: $name did not come up on port $port" >&2
  return 1
}

ensure() {
  local name=$1 port=$2; shift 2
  if port_open "$port"; then
    echo "infra: $name is up (port $port)"
    return 0
  fi
  echo "infra: starting $name"
  "$@" >/dev/null 2>&1 || true
  wait_for "$name" "$port" && echo "infra: $name is up (port $port)"
}

status=0
ensure postgresql 5432 bash -c 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start' || status=1
ensure redis 6379 redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || status=1
ensure rabbitmq 5672 rabbitmq-server -detached || status=1
ensure nats 4222 start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log || status=1
if [ "$status" -ne 0 ]; then
  echo "infra: some services could not be started here; with Docker: docker compose -f deploy/compose.yaml up -d" >&2
fi
exit $status
