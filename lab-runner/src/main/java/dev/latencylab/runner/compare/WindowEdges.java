package dev.latencylab.runner.compare;

/** Told when a measured window opens and closes, to read what the counters cannot tell (/proc) over it. */
interface WindowEdges {

    /** Nothing read. */
    WindowEdges NONE = new WindowEdges() {
        @Override
        public void opened() {}

        @Override
        public void closed() {}
    };

    void opened();

    void closed();
}
