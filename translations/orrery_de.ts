<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>orrery::app::ExperimentData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentReportExport</name>
    <message>
        <source>the file name must end in .html or .pdf</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::ExperimentView</name>
    <message>
        <source>Loading experiment %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an experiment in the project explorer, or run one with “orrery experiment”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experiment %1 could not be read:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No completed runs to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading time series…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time series could not be read:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (run %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The runs recorded no %1 series.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU allocated, first seed of each arm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated time (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated time (min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::MainWindow</name>
    <message>
        <source>Orrery</source>
        <translation>Orrery</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>Projekt</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Scenario — %1</source>
        <translation>Szenario — %1</translation>
    </message>
    <message>
        <source>A run is in progress; cancel it before opening another project.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project %1 could not be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Orrery</source>
        <translation>%1 — Orrery</translation>
    </message>
    <message>
        <source>Opened project %1</source>
        <translation>Projekt %1 geöffnet</translation>
    </message>
    <message numerus="yes">
        <source>%n run(s) left running by a process that ended were marked interrupted.</source>
        <translation>
            <numerusform>%n Lauf eines beendeten Prozesses wurde als unterbrochen markiert.</numerusform>
            <numerusform>%n Läufe eines beendeten Prozesses wurden als unterbrochen markiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo project is empty: running the demo scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is already in progress.</source>
        <translation>Es läuft bereits ein Lauf.</translation>
    </message>
    <message>
        <source>Open a project first.</source>
        <translation>Öffnen Sie zuerst ein Projekt.</translation>
    </message>
    <message>
        <source>Starting a run of “%1” (seed %2, horizon %3 h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be run:
%2</source>
        <translation>%1 kann nicht ausgeführt werden:
%2</translation>
    </message>
    <message>
        <source>The scenario %1 has problems and cannot be run.</source>
        <translation>Das Szenario %1 enthält Fehler und kann nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>The edited scenario</source>
        <translation>Das bearbeitete Szenario</translation>
    </message>
    <message>
        <source>%1 could not be opened: %2</source>
        <translation>%1 konnte nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 could not be opened.</source>
        <translation>%1 konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>Opened the scenario %1</source>
        <translation>Szenario %1 geöffnet</translation>
    </message>
    <message>
        <source>The demo scenario cannot be run with the loaded plugins:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo scenario cannot be run with the loaded plugins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling the run of “%1”…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run paused.</source>
        <translation>Lauf angehalten.</translation>
    </message>
    <message>
        <source>Run resumed.</source>
        <translation>Lauf fortgesetzt.</translation>
    </message>
    <message>
        <source>Run %1 of “%2” completed: %3 events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 of “%2” cancelled after %3 events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run of “%1” failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run of “%1” could not start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling the run in progress before closing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Project…</source>
        <translation>&amp;Neues Projekt…</translation>
    </message>
    <message>
        <source>Create an empty project file</source>
        <translation>Eine leere Projektdatei anlegen</translation>
    </message>
    <message>
        <source>&amp;Open Project…</source>
        <translation>Projekt ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a project file</source>
        <translation>Eine Projektdatei öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Scenario…</source>
        <translation>&amp;Szenario öffnen…</translation>
    </message>
    <message>
        <source>Open a scenario file in the scenario editor</source>
        <translation>Eine Szenariodatei im Szenario-Editor öffnen</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>Szenario &amp;speichern</translation>
    </message>
    <message>
        <source>Save the scenario editor&apos;s text</source>
        <translation>Den Text des Szenario-Editors speichern</translation>
    </message>
    <message>
        <source>Run &amp;Scenario</source>
        <translation>&amp;Szenario ausführen</translation>
    </message>
    <message>
        <source>Check the scenario in the editor and simulate it into the project</source>
        <translation>Das Szenario im Editor prüfen und in das Projekt simulieren</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>Bericht &amp;exportieren…</translation>
    </message>
    <message>
        <source>Write the selected experiment&apos;s comparison as an HTML or PDF report</source>
        <translation>Den Vergleich des gewählten Experiments als HTML- oder PDF-Bericht schreiben</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Run Scenario File…</source>
        <translation>Szenario&amp;datei ausführen…</translation>
    </message>
    <message>
        <source>Check a scenario file and simulate it into the project</source>
        <translation>Eine Szenariodatei prüfen und in das Projekt simulieren</translation>
    </message>
    <message>
        <source>Run &amp;Demo</source>
        <translation>&amp;Demo ausführen</translation>
    </message>
    <message>
        <source>Simulate the built-in demo scenario into the project</source>
        <translation>Das eingebaute Demo-Szenario in das Projekt simulieren</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Anhalten</translation>
    </message>
    <message>
        <source>Pause or resume the run in progress</source>
        <translation>Den laufenden Lauf anhalten oder fortsetzen</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>Lauf a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Stop the run in progress; what it recorded so far is kept</source>
        <translation>Den laufenden Lauf beenden; bisher Aufgezeichnetes bleibt erhalten</translation>
    </message>
    <message>
        <source>&amp;About Orrery</source>
        <translation>Ü&amp;ber Orrery</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Lauf</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>The language applies when Orrery is restarted.</source>
        <translation>Die Sprache wird nach einem Neustart von Orrery übernommen.</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Scenario files (*.yaml *.yml);;All files (*)</source>
        <translation>Szenariodateien (*.yaml *.yml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>Szenario speichern</translation>
    </message>
    <message>
        <source>Scenario files (*.yaml *.yml)</source>
        <translation>Szenariodateien (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>The scenario could not be saved to %1.</source>
        <translation>Das Szenario konnte nicht unter %1 gespeichert werden.</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>Menü &amp;leeren</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>New Project</source>
        <translation>Neues Projekt</translation>
    </message>
    <message>
        <source>Orrery projects (*.orrery)</source>
        <translation>Orrery-Projekte (*.orrery)</translation>
    </message>
    <message>
        <source>%1 is the open project; choose another name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 could not be replaced.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>Projekt öffnen</translation>
    </message>
    <message>
        <source>Orrery projects (*.orrery);;All files (*)</source>
        <translation>Orrery-Projekte (*.orrery);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Run Scenario File</source>
        <translation>Szenariodatei ausführen</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>Bericht exportieren</translation>
    </message>
    <message>
        <source>HTML report (*.html);;PDF report (*.pdf)</source>
        <translation>HTML-Bericht (*.html);;PDF-Bericht (*.pdf)</translation>
    </message>
    <message>
        <source>Select an experiment to export its report.</source>
        <translation>Wählen Sie ein Experiment, um seinen Bericht zu exportieren.</translation>
    </message>
    <message>
        <source>The report could not be written to %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report could not be written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote the report of “%1” to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>Bericht nach %1 geschrieben</translation>
    </message>
    <message>
        <source>About Orrery</source>
        <translation>Über Orrery</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Orrery %1&lt;/h3&gt;&lt;p&gt;A cluster-operations console with a deterministic discrete-event simulator of heterogeneous clusters and scheduling policies loaded as plugins.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::MetricsTableModel</name>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unit</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::RunData</name>
    <message>
        <source>%1: the project file no longer exists</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::RunListModel</name>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>Runs (%1)</source>
        <translation>Läufe (%1)</translation>
    </message>
    <message>
        <source>Experiments (%1)</source>
        <translation>Experimente (%1)</translation>
    </message>
    <message>
        <source>Run %1 of “%2”, %3
started %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
ended %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not compared yet</source>
        <translation>noch nicht verglichen</translation>
    </message>
    <message>
        <source>compared</source>
        <translation>verglichen</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 vs. %2</translation>
    </message>
    <message numerus="yes">
        <source>Experiment %1 “%2”, %n run(s), %3
scenario %4
created %5</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation>
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>Richtlinien</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop the run; what it recorded so far stays in the project (Esc)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulating “%1”: %2 of %3 h, %4 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — cancelling…</source>
        <translation> — wird abgebrochen…</translation>
    </message>
    <message>
        <source> — paused</source>
        <translation> — angehalten</translation>
    </message>
</context>
<context>
    <name>orrery::app::RunView</name>
    <message>
        <source>CPU allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cluster allocation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading run %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a run in the project explorer, or start one from the Run menu.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 could not be read:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The project has no run %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · seed %2 · horizon %3 h · %4 · started %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated time (h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulated time (min)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>% of capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::app::ScenarioEditor</name>
    <message>
        <source>No scenario</source>
        <translation>Kein Szenario</translation>
    </message>
    <message>
        <source>No file name</source>
        <translation>Kein Dateiname</translation>
    </message>
    <message>
        <source>Valid scenario</source>
        <translation>Gültiges Szenario</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 Problem</translation>
    </message>
    <message>
        <source>%1 problems</source>
        <translation>%1 Probleme</translation>
    </message>
</context>
<context>
    <name>orrery::widgets::CdfChart</name>
    <message>
        <source>fraction of runs ≤ x</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ClusterView</name>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Power</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ASIC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FPGA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n node(s), %2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Pool: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: %1 / %2 cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory: %1 / %2 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 / %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour by %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ComparisonTableModel</name>
    <message>
        <source>%1 [%2, %3]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is the baseline arm: the others are compared with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>median(%1) / median(%2) with its 95% bootstrap confidence interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean(%1) / mean(%2), for latency-like metrics only: above 1 means %2 is faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratio of medians [95% CI]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ratio of medians to %1 [95% CI]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mann–Whitney p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::widgets::ComparisonView</name>
    <message>
        <source>&amp;Metric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sweep point:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Box plot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experiment %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arms: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sweep over %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n run(s)</source>
        <translation type="unfinished">
            <numerusform>%n Lauf</numerusform>
            <numerusform>%n Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Scenario file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no sweep)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;%1:</source>
        <translation type="unfinished">&amp;%1:</translation>
    </message>
    <message>
        <source>The experiment has no sweep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean %1 by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> at %1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distribution of %1 over runs%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per arm%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>orrery::widgets::LogView</name>
    <message>
        <source>warning: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: </source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
