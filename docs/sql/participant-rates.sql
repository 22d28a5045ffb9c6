-- The counts behind flick study's headline rates, per participant and interaction, straight from
-- a folder of interaction logs (DuckDB, see docs/performance.md). Each count is
-- defined in docs/study-definitions.md; the columns are named as in participants.csv, and the
-- e2e test Tests/e2e/duckdb_rates.py checks them against flick study's own table.
-- Set the logs to read first, e.g.:  SET VARIABLE logs = 'sessions/*.jsonl';

CREATE OR REPLACE TEMP TABLE lines AS
SELECT * FROM read_json(getvariable('logs'), format = 'newline_delimited', filename = true,
                        union_by_name = true, maximum_object_size = 67108864,
                        columns = {event: 'VARCHAR', t: 'DOUBLE', demo: 'VARCHAR', participant: 'VARCHAR',
                                   "to": 'VARCHAR', kind: 'VARCHAR', card: 'BIGINT', outcome: 'VARCHAR',
                                   cause: 'VARCHAR', distanceFraction: 'DOUBLE', speedFraction: 'DOUBLE'});

-- Who each log is (the participant of its started line; a log without one is its own file).
CREATE OR REPLACE TEMP TABLE sessions AS
SELECT filename, coalesce(participant, filename) AS participant, demo, t FROM lines WHERE event = 'started';

-- The interaction in force from each moment on: the started line's, then every change.
CREATE OR REPLACE TEMP TABLE interactions AS
SELECT filename, t, demo AS interaction FROM lines WHERE event = 'started'
UNION ALL
SELECT filename, t, "to" FROM lines WHERE event = 'interaction_changed';

-- Gestures: each end with the begin before it (gestures never overlap), placed in the
-- interaction in force when it began.
CREATE OR REPLACE TEMP TABLE gestures AS
SELECT e.filename, b.t AS start, b.kind, b.card, e.outcome, e.distanceFraction, e.speedFraction,
       greatest(e.distanceFraction, e.speedFraction) AS nearest
FROM (SELECT * FROM lines WHERE event = 'gesture_ended') e
ASOF JOIN (SELECT * FROM lines WHERE event = 'gesture_began') b ON e.filename = b.filename AND e.t >= b.t;

CREATE OR REPLACE TEMP TABLE gesture_counts AS
SELECT s.participant, i.interaction,
       count(*) AS gestures,
       count(*) FILTER (g.kind = 'card' AND g.card IS NOT NULL) AS card_drags,
       count(*) FILTER (g.kind = 'card' AND g.card IS NOT NULL AND g.outcome = 'thrown') AS throws,
       count(*) FILTER (g.kind = 'card' AND g.card IS NOT NULL AND g.outcome = 'snapped_back') AS snap_backs,
       count(*) FILTER (g.distanceFraction IS NOT NULL) AS card_releases,
       count(*) FILTER (g.outcome <> 'thrown' AND g.nearest >= 0.85 AND g.nearest < 1) AS near_misses,
       count(*) FILTER (g.outcome = 'thrown' AND g.nearest >= 1 AND g.nearest < 1.15) AS narrow_throws
FROM gestures g
JOIN sessions s USING (filename)
ASOF JOIN interactions i ON g.filename = i.filename AND g.start >= i.t
GROUP BY ALL;

-- Decisions: cards that left the deck by the participant's own gesture or key (a log from
-- before causes counts every deletion as theirs); undone: taken back by Z (a restore by key or
-- command) within 3 s, before the card left again.
CREATE OR REPLACE TEMP TABLE decisions AS
SELECT d.filename, d.t, d.card,
       EXISTS (SELECT 1 FROM lines r
               WHERE r.filename = d.filename AND r.event = 'restored' AND r.card = d.card
                 AND r.cause IN ('key', 'command') AND r.t >= d.t AND r.t - d.t <= 3
                 AND NOT EXISTS (SELECT 1 FROM lines x
                                 WHERE x.filename = d.filename AND x.event = 'deleted' AND x.card = d.card
                                   AND x.t > d.t AND x.t < r.t)) AS undone
FROM lines d
WHERE d.event = 'deleted' AND coalesce(d.cause, 'pointer') IN ('pointer', 'key');

CREATE OR REPLACE TEMP TABLE decision_counts AS
SELECT s.participant, i.interaction, count(*) AS decisions, count(*) FILTER (undone) AS undone_decisions
FROM decisions d
JOIN sessions s USING (filename)
ASOF JOIN interactions i ON d.filename = i.filename AND d.t >= i.t
GROUP BY ALL;

SELECT participant, interaction,
       coalesce(gestures, 0) AS gestures, coalesce(card_drags, 0) AS card_drags, coalesce(throws, 0) AS throws,
       coalesce(card_releases, 0) AS card_releases, coalesce(near_misses, 0) AS near_misses,
       coalesce(narrow_throws, 0) AS narrow_throws, coalesce(snap_backs, 0) AS snap_backs,
       coalesce(decisions, 0) AS decisions, coalesce(undone_decisions, 0) AS undone_decisions,
       near_misses / nullif(card_releases, 0) AS near_miss_rate,
       narrow_throws / nullif(card_releases, 0) AS narrow_throw_rate,
       undone_decisions / nullif(decisions, 0) AS undone_rate,
       snap_backs / nullif(card_drags, 0) AS snap_back_rate
FROM gesture_counts FULL JOIN decision_counts USING (participant, interaction)
ORDER BY participant, interaction;
