/**
 * Turning JMH results into the documented figures: JMH JSON reading, ns/node tables (text, Markdown, CSV) with
 * ratios to Arbor, and PNG charts drawn with XChart.
 */
package dev.arbor.bench.report;
