package dev.latencylab.checks;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.management.Attribute;
import javax.management.AttributeList;
import javax.management.AttributeNotFoundException;
import javax.management.DynamicMBean;
import javax.management.JMException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Stand-ins for a KRaft broker's MBeans, registered in this JVM's platform MBean server under the names and with
 * the attributes Kafka gives them (its Yammer meters, histograms and gauges; a Kafka-metrics group for
 * socket-server-metrics), so the exporter's rules can be run on them without a broker. The MBeans the rules
 * must leave out are here too.
 */
final class KafkaBrokerMBeans implements AutoCloseable {

    static final List<String> REQUESTS = List.of("Produce", "FetchConsumer", "FetchFollower", "Fetch", "Metadata");
    static final List<String> PARTS =
            List.of("RequestQueueTimeMs", "LocalTimeMs", "RemoteTimeMs", "ResponseQueueTimeMs", "ResponseSendTimeMs");

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final List<ObjectName> registered = new ArrayList<>();

    KafkaBrokerMBeans() throws JMException {
        for (String meter : List.of("BytesInPerSec", "BytesOutPerSec", "MessagesInPerSec")) {
            register("kafka.server:type=BrokerTopicMetrics,name=" + meter, meter());
            register("kafka.server:type=BrokerTopicMetrics,name=" + meter + ",topic=lab.orders", meter());
        }
        register("kafka.server:type=BrokerTopicMetrics,name=ReplicationBytesInPerSec", meter());
        // Not read: BrokerTopicMetrics the lab does not use.
        register("kafka.server:type=BrokerTopicMetrics,name=TotalProduceRequestsPerSec", meter());
        for (String request : REQUESTS) {
            register(
                    "kafka.network:type=RequestMetrics,name=RequestsPerSec,request=" + request + ",version=11",
                    meter());
            register("kafka.network:type=RequestMetrics,name=TotalTimeMs,request=" + request, histogram());
            for (String part : PARTS) {
                register("kafka.network:type=RequestMetrics,name=" + part + ",request=" + request, histogram());
            }
        }
        register("kafka.log:type=Log,name=Size,topic=lab.orders,partition=0", gauge());
        for (String pool : List.of("", "Broker", "Controller")) {
            register(
                    "kafka.server:type=KafkaRequestHandlerPool,name=" + pool + "RequestHandlerAvgIdlePercent", meter());
        }
        for (String listener : List.of("PLAINTEXT", "CONTROLLER")) {
            register(
                    "kafka.server:type=socket-server-metrics,listener=" + listener + ",networkProcessor=0",
                    new Attributes(Map.of("io-wait-time-ns-total", 4.2e9, "connection-count", 3.0)));
        }
        for (String operation : List.of("Produce", "Fetch")) {
            register(
                    "kafka.server:type=DelayedOperationPurgatory,name=PurgatorySize,delayedOperation=" + operation,
                    gauge());
            register(
                    "kafka.server:type=DelayedOperationPurgatory,name=NumDelayedOperations,delayedOperation="
                            + operation,
                    gauge());
        }
        for (String name : List.of("UnderReplicatedPartitions", "UnderMinIsrPartitionCount", "LeaderCount")) {
            register("kafka.server:type=ReplicaManager,name=" + name, gauge());
        }
        register("kafka.server:type=ReplicaManager,name=IsrShrinksPerSec", meter());
        register("kafka.server:type=ReplicaManager,name=IsrExpandsPerSec", meter());
        for (String name : List.of("ActiveControllerCount", "OfflinePartitionsCount", "NewActiveControllersCount")) {
            register("kafka.controller:type=KafkaController,name=" + name, gauge());
        }
        register("kafka.controller:type=ControllerStats,name=UncleanLeaderElectionsPerSec", meter());
        register("kafka.controller:type=ControllerStats,name=ElectionFromEligibleLeaderReplicasPerSec", meter());
    }

    private void register(String name, Attributes mbean) throws JMException {
        ObjectName objectName = new ObjectName(name);
        server.registerMBean(mbean, objectName);
        registered.add(objectName);
    }

    /** A Yammer meter as Kafka's JmxReporter shows it. */
    private static Attributes meter() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("Count", 1_000_000L);
        a.put("MeanRate", 0.5);
        a.put("OneMinuteRate", 0.75);
        a.put("FiveMinuteRate", 0.7);
        a.put("FifteenMinuteRate", 0.6);
        return new Attributes(a);
    }

    /** A Yammer histogram (Kafka's request times). */
    private static Attributes histogram() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("Count", 5000L);
        for (String stat : List.of(
                "Min",
                "Max",
                "Mean",
                "StdDev",
                "50thPercentile",
                "75thPercentile",
                "95thPercentile",
                "98thPercentile",
                "99thPercentile",
                "999thPercentile")) {
            a.put(stat, 2.0);
        }
        return new Attributes(a);
    }

    private static Attributes gauge() {
        return new Attributes(Map.of("Value", 1.0));
    }

    @Override
    public void close() throws JMException {
        for (ObjectName name : registered) {
            server.unregisterMBean(name);
        }
    }

    /** Read-only numeric attributes, any names (Kafka-metrics attributes have dashes). */
    private record Attributes(Map<String, Object> values) implements DynamicMBean {

        @Override
        public Object getAttribute(String attribute) throws AttributeNotFoundException {
            Object v = values.get(attribute);
            if (v == null) {
                throw new AttributeNotFoundException(attribute);
            }
            return v;
        }

        @Override
        public void setAttribute(Attribute attribute) {
            throw new UnsupportedOperationException("read-only");
        }

        @Override
        public AttributeList getAttributes(String[] attributes) {
            AttributeList list = new AttributeList();
            for (String a : attributes) {
                if (values.containsKey(a)) {
                    list.add(new Attribute(a, values.get(a)));
                }
            }
            return list;
        }

        @Override
        public AttributeList setAttributes(AttributeList attributes) {
            return new AttributeList();
        }

        @Override
        public Object invoke(String actionName, Object[] params, String[] signature) {
            throw new UnsupportedOperationException(actionName);
        }

        @Override
        public MBeanInfo getMBeanInfo() {
            MBeanAttributeInfo[] infos = values.entrySet().stream()
                    .map(e -> new MBeanAttributeInfo(
                            e.getKey(), e.getValue().getClass().getName(), e.getKey(), true, false, false))
                    .toArray(MBeanAttributeInfo[]::new);
            return new MBeanInfo(Attributes.class.getName(), "Kafka MBean stand-in", infos, null, null, null);
        }
    }
}
