#!/usr/bin/env bash
exec "$(dirname "${BASH_SOURCE[0]}")/kafka-run-class.sh" org.apache.kafka.tools.MetadataQuorumCommand "$@"
