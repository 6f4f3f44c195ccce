package dev.latencylab.runner.cli;

/** Wrong command line: the message says what is wrong; the CLI prints usage after it and exits 2. */
class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
