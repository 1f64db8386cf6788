#!/usr/bin/env bash
# CI only: a RabbitMQ whose port is open but that no longer completes the AMQP handshake (seen
# here after broker-drop tests) is restarted with empty state. Its data on a CI machine is test
# queues only; never run this against a broker that holds real work.
set -uo pipefail

handshake() {
  timeout 10 bash -c 'exec 3<>/dev/tcp/127.0.0.1/5672 && printf "AMQP\x00\x00\x09\x01" >&3 && head -c 1 <&3 | grep -q .' 2>/dev/null
}

handshake && { echo "infra: rabbitmq answers the AMQP handshake"; exit 0; }
echo "infra: rabbitmq does not answer the AMQP handshake; restarting it with empty state"
pkill -9 -u rabbitmq beam.smp 2>/dev/null
pkill -9 -f rabbitmqctl 2>/dev/null
sleep 2
if [ -d /var/lib/rabbitmq/mnesia ]; then rm -rf /var/lib/rabbitmq/mnesia.previous; mv /var/lib/rabbitmq/mnesia /var/lib/rabbitmq/mnesia.previous; fi
rabbitmq-server -detached >/dev/null 2>&1 || true
for _ in $(seq 1 60); do
  sleep 2
  handshake && { echo "infra: rabbitmq is back"; exit 0; }
done
echo "infra: rabbitmq did not come back" >&2
exit 1
