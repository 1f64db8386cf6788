#!/usr/bin/env bash
# CI only: a RabbitMQ whose port is open but that no longer completes the AMQP handshake (seen on
# these machines' RabbitMQ 3.10: the broker goes idle, new connections stay in CLOSE-WAIT and
# `rabbitmqctl status` hangs) is restarted with empty state. Its data on a CI machine is test
# queues only; never run this against a broker that holds real work.
#   ensure-amqp.sh          check once, restart if it does not answer
#   ensure-amqp.sh --watch  keep checking every 10 s while the tests run; restart after 30 s without answer
set -uo pipefail

handshake() {
  timeout 10 bash -c 'exec 3<>/dev/tcp/127.0.0.1/5672 && printf "AMQP\x00\x00\x09\x01" >&3 && head -c 1 <&3 | grep -q .' 2>/dev/null
}

restart_empty() {
  echo "infra: rabbitmq does not answer the AMQP handshake; restarting it with empty state"
  echo "infra: sockets on 5672: $(ss -tan 2>/dev/null | awk '$4 ~ /:5672$/ || $5 ~ /:5672$/ {print $1}' | sort | uniq -c | tr '\n' ' ')"
  pkill -9 -u rabbitmq beam.smp 2>/dev/null
  pkill -9 -f rabbitmqctl 2>/dev/null
  sleep 2
  if [ -d /var/lib/rabbitmq/mnesia ]; then rm -rf /var/lib/rabbitmq/mnesia.previous; mv /var/lib/rabbitmq/mnesia /var/lib/rabbitmq/mnesia.previous; fi
  rabbitmq-server -detached >/dev/null 2>&1 || true
  for _ in $(seq 1 60); do
    sleep 2
    handshake && { echo "infra: rabbitmq is back"; return 0; }
  done
  echo "infra: rabbitmq did not come back" >&2
  return 1
}

if [ "${1:-}" = "--watch" ]; then
  failures=0
  while sleep 10; do
    if handshake; then failures=0; else failures=$((failures + 1)); fi
    if [ "$failures" -ge 3 ]; then restart_empty; failures=0; fi
  done
fi

handshake && { echo "infra: rabbitmq answers the AMQP handshake"; exit 0; }
restart_empty
