package dev.latencylab.runner.results.report;

import dev.latencylab.runner.results.summary.RunSummary;
import java.util.List;

/**
 * A section of summary.md after the phase tables: it renders the run's figures it is about and says
 * nothing (an empty string) when the run has none of them. Adding one is a class and a line in
 * {@link #AFTER_TABLES}.
 */
@FunctionalInterface
interface ReportSection {

    String render(RunSummary run);

    /** In the order summary.md shows them. */
    List<ReportSection> AFTER_TABLES = List.of(
            run -> ClientPropertiesSection.render(run.phases()),
            RateSearchSection::render,
            run -> DrainSection.render(run.phases()),
            run -> ShareGroupsSection.render(run.phases()),
            run -> OutageSection.render(run.phases()),
            run -> RebalanceSection.render(run.phases()),
            run -> TransactionsSection.render(run.phases()),
            run -> DistanceSection.render(run.phases()),
            run -> ConsumerInstancesSection.render(run.phases()),
            run -> ProducerInstancesSection.render(run.phases()),
            ClockSection::render,
            run -> PartitionTable.render(run, "##"));
}
