-- A FESA ledger of schema 5 as ratingkit at 35b39fe wrote it (its games one `games` row a
-- game), as `sqlite3 .dump` writes it: tests/data/ledger/season imported and every period
-- rated.  tests/test_ledger_schemas.py opens it with this version (schema 6: an event's plain
-- games packed in one row) and checks that it still reads, rates and lists as before.
BEGIN TRANSACTION;
CREATE TABLE byes (
        event_id INTEGER NOT NULL REFERENCES events(id),
        round INTEGER NOT NULL,
        player INTEGER NOT NULL REFERENCES players(id),
        kind TEXT NOT NULL
    );
CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        period TEXT NOT NULL,
        name TEXT NOT NULL,
        start TEXT,
        end TEXT,
        type TEXT NOT NULL,
        rounds INTEGER,
        source TEXT,
        digest TEXT NOT NULL UNIQUE,
        score_only INTEGER NOT NULL,
        extra TEXT NOT NULL,
        imported TEXT NOT NULL
    , game TEXT, games_digest TEXT);
INSERT INTO "events" VALUES(1,'2024-01','2024-01-club-cup-1','2024-01-27','2024-01-27','swiss',NULL,'/work/wt-i25/tests/data/ledger/season/2024-01-club-cup-1-games.csv','4dadbb43d04eba55cc812b705d7c371e514f0e86ab5bd9bc2f37035963820dae',0,'{"files": ["/work/wt-i25/tests/data/ledger/season/2024-01-club-cup-1-players.csv", "/work/wt-i25/tests/data/ledger/season/2024-01-club-cup-1-games.csv"], "encoding": "utf-8", "type_note": "event type swiss (detected: not every pair of players met)"}','2026-12-06T09:50:38+00:00',NULL,'8008185f1049a43fe73a25bf4d0d0d2a50327312f2cf572d756db3812ecccc9e');
INSERT INTO "events" VALUES(2,'2024-01','2024-01-winter-open','2024-01-20','2024-01-20','swiss',NULL,'/work/wt-i25/tests/data/ledger/season/2024-01-winter-open-games.csv','726b423f843f49bf2355d77fe5d27f91a4bf98b8fed0bdd42660556b718cf701',0,'{"files": ["/work/wt-i25/tests/data/ledger/season/2024-01-winter-open-players.csv", "/work/wt-i25/tests/data/ledger/season/2024-01-winter-open-games.csv"], "encoding": "utf-8", "type_note": "event type swiss (detected: not every pair of players met)"}','2026-12-06T09:50:38+00:00',NULL,'2c71efcf0386266a0358ea683a187945851efbaeb9b2b18be7e95de302273929');
INSERT INTO "events" VALUES(3,'2024-02','2024-02-spring-rr','2024-02-17','2024-02-17','swiss',NULL,'/work/wt-i25/tests/data/ledger/season/2024-02-spring-rr-games.csv','668205a35d1a2c823cf8766ff477494797bd95ea1e89d1be5cfc13b00a6aef1d',0,'{"files": ["/work/wt-i25/tests/data/ledger/season/2024-02-spring-rr-players.csv", "/work/wt-i25/tests/data/ledger/season/2024-02-spring-rr-games.csv"], "encoding": "utf-8", "type_note": "event type swiss (detected: not every pair of players met)"}','2026-12-06T09:50:38+00:00',NULL,'8b27967d12a61e56576539dcbdb00f78cdfcfc404ad67284c16e9e9a94c1cc5e');
INSERT INTO "events" VALUES(4,'2024-03','2024-03-city-open','2024-03-23','2024-03-23','swiss',NULL,'/work/wt-i25/tests/data/ledger/season/2024-03-city-open-games.csv','334202c8dfd92d9b239540ab0e08e95d2a074cec26b6dae692449cdbb168113f',0,'{"files": ["/work/wt-i25/tests/data/ledger/season/2024-03-city-open-players.csv", "/work/wt-i25/tests/data/ledger/season/2024-03-city-open-games.csv"], "encoding": "utf-8", "type_note": "event type swiss (detected: not every pair of players met)"}','2026-12-06T09:50:38+00:00',NULL,'e83b07bdad9c8fdd06a8e91e33433ee9432f4955f90f5bf7462d9135b795fa7a');
INSERT INTO "events" VALUES(5,'2024-03','2024-03-club-cup-2','2024-03-09','2024-03-09','swiss',NULL,'/work/wt-i25/tests/data/ledger/season/2024-03-club-cup-2-games.csv','fe59476418fb0e217be99efc29ef85e74c309d76fac5ae958585c0cbe48137b7',0,'{"files": ["/work/wt-i25/tests/data/ledger/season/2024-03-club-cup-2-players.csv", "/work/wt-i25/tests/data/ledger/season/2024-03-club-cup-2-games.csv"], "encoding": "utf-8", "type_note": "event type swiss (detected: not every pair of players met)"}','2026-12-06T09:50:38+00:00',NULL,'9866fab27471dbca625dfcb64ea0620d97d532617b72ab20ccf7c9620d0c03fb');
INSERT INTO "events" VALUES(6,'2024-04','2024-04-club-cup-3','2024-04-13','2024-04-13','swiss',NULL,'/work/wt-i25/tests/data/ledger/season/2024-04-club-cup-3-games.csv','8909f35e9f85c715631b268e04fa8b1cfc6b603f05aed97494c829fb3e017d13',0,'{"files": ["/work/wt-i25/tests/data/ledger/season/2024-04-club-cup-3-players.csv", "/work/wt-i25/tests/data/ledger/season/2024-04-club-cup-3-games.csv"], "encoding": "utf-8", "type_note": "event type swiss (detected: not every pair of players met)"}','2026-12-06T09:50:38+00:00',NULL,'2bb6472bba5ab43d17eea0add6408558f4f91628176f390c045ed91b4d800504');
INSERT INTO "events" VALUES(7,'2024-04','2024-04-final-open','2024-04-27','2024-04-27','swiss',NULL,'/work/wt-i25/tests/data/ledger/season/2024-04-final-open-games.csv','4be6fbd4596f89efbe8b4bd958def8afae6f07faaeafbf935fa91a98a61607fd',0,'{"files": ["/work/wt-i25/tests/data/ledger/season/2024-04-final-open-players.csv", "/work/wt-i25/tests/data/ledger/season/2024-04-final-open-games.csv"], "encoding": "utf-8", "type_note": "event type swiss (detected: not every pair of players met)"}','2026-12-06T09:50:38+00:00',NULL,'7d8342fd7865906263db19d47b5ee9e65c225324dbebf21466045c4bd18f4010');
CREATE TABLE games (
        event_id INTEGER NOT NULL REFERENCES events(id),
        round INTEGER NOT NULL,
        white INTEGER NOT NULL REFERENCES players(id),
        black INTEGER NOT NULL REFERENCES players(id),
        white_score REAL NOT NULL,
        black_score REAL NOT NULL,
        play TEXT NOT NULL,
        special TEXT,
        handicap TEXT,
        handicap_giver INTEGER,
        date TEXT,
        extra TEXT NOT NULL
    );
INSERT INTO "games" VALUES(1,1,2,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,1,3,4,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,1,5,1,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,1,6,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,2,2,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,2,1,4,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,2,7,3,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,2,5,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,3,6,1,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,3,3,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,3,5,2,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,3,8,4,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,4,1,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,4,6,2,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,4,4,5,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,4,7,3,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,5,4,6,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,5,8,1,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,5,5,3,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(1,5,2,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-27','{}');
INSERT INTO "games" VALUES(2,1,11,14,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,1,8,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,1,13,3,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,1,7,10,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,2,14,3,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,2,11,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,2,8,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,2,13,10,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,3,8,3,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,3,13,14,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,3,11,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,3,10,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,4,8,14,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,4,6,13,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,4,7,11,1.0,0.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,4,10,3,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,5,10,14,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,5,6,3,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,5,8,11,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(2,5,13,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-01-20','{}');
INSERT INTO "games" VALUES(3,1,11,14,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,1,7,10,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,1,4,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,1,6,12,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,2,6,7,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,2,12,4,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,2,8,10,0.0,1.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,2,11,14,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,3,11,4,0.0,1.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,3,10,14,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,3,7,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,3,8,12,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,4,14,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,4,11,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,4,4,10,0.0,1.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,4,12,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,5,11,4,0.0,1.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,5,14,10,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,5,7,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(3,5,12,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-02-17','{}');
INSERT INTO "games" VALUES(4,1,7,14,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,1,9,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,1,13,12,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,1,10,2,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,2,2,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,2,12,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,2,10,14,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,2,13,9,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,3,9,13,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,3,14,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,3,12,2,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,3,10,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,4,13,2,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,4,12,14,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,4,7,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,4,10,9,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,5,10,13,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,5,9,2,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,5,12,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(4,5,6,14,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-23','{}');
INSERT INTO "games" VALUES(5,1,15,2,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,1,4,5,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,1,9,10,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,1,12,1,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,2,2,12,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,2,9,1,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,2,4,10,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,2,5,15,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,3,5,12,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,3,4,2,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,3,15,10,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,3,1,9,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,4,10,1,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,4,9,2,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,4,15,12,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,4,5,4,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,5,12,4,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,5,2,10,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,5,1,5,1.0,0.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(5,5,15,9,0.0,1.0,'played',NULL,NULL,NULL,'2024-03-09','{}');
INSERT INTO "games" VALUES(6,1,8,1,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,1,10,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,1,5,14,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,1,15,9,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,2,8,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,2,10,5,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,2,15,14,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,2,1,9,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,3,15,9,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,3,5,1,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,3,8,10,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,3,14,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,4,1,5,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,4,10,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,4,14,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,4,15,9,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,5,14,5,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,5,1,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,5,10,7,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(6,5,9,15,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-13','{}');
INSERT INTO "games" VALUES(7,1,10,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,1,13,15,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,1,7,5,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,1,1,8,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,2,15,13,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,2,1,5,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,2,10,6,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,2,8,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,3,15,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,3,6,13,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,3,10,7,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,3,1,5,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,4,6,1,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,4,15,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,4,8,5,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,4,10,13,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,5,13,7,0.0,1.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,5,6,15,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,5,10,1,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
INSERT INTO "games" VALUES(7,5,5,8,1.0,0.0,'played',NULL,NULL,NULL,'2024-04-27','{}');
CREATE TABLE outcomes (
        event_id INTEGER PRIMARY KEY REFERENCES events(id),
        period TEXT NOT NULL,
        rules TEXT NOT NULL,
        report TEXT NOT NULL,
        outcome TEXT NOT NULL
    );
CREATE TABLE participants (
        event_id INTEGER NOT NULL REFERENCES events(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        local_id TEXT NOT NULL,
        rating INTEGER,
        extra TEXT NOT NULL,
        PRIMARY KEY (event_id, player_id)
    );
INSERT INTO "participants" VALUES(1,1,'cz01',NULL,'{}');
INSERT INTO "participants" VALUES(1,2,'cz02',NULL,'{}');
INSERT INTO "participants" VALUES(1,3,'de01',NULL,'{}');
INSERT INTO "participants" VALUES(1,4,'fr02',NULL,'{}');
INSERT INTO "participants" VALUES(1,5,'it01',NULL,'{}');
INSERT INTO "participants" VALUES(1,6,'nl01',NULL,'{}');
INSERT INTO "participants" VALUES(1,7,'nl02',NULL,'{}');
INSERT INTO "participants" VALUES(1,8,'se01',NULL,'{}');
INSERT INTO "participants" VALUES(2,14,'be01',NULL,'{}');
INSERT INTO "participants" VALUES(2,3,'de01',NULL,'{}');
INSERT INTO "participants" VALUES(2,10,'fr01',NULL,'{}');
INSERT INTO "participants" VALUES(2,6,'nl01',NULL,'{}');
INSERT INTO "participants" VALUES(2,7,'nl02',NULL,'{}');
INSERT INTO "participants" VALUES(2,11,'pl01',NULL,'{}');
INSERT INTO "participants" VALUES(2,8,'se01',NULL,'{}');
INSERT INTO "participants" VALUES(2,13,'se02',NULL,'{}');
INSERT INTO "participants" VALUES(3,14,'be01',NULL,'{}');
INSERT INTO "participants" VALUES(3,10,'fr01',NULL,'{}');
INSERT INTO "participants" VALUES(3,4,'fr02',NULL,'{}');
INSERT INTO "participants" VALUES(3,6,'nl01',NULL,'{}');
INSERT INTO "participants" VALUES(3,7,'nl02',NULL,'{}');
INSERT INTO "participants" VALUES(3,11,'pl01',NULL,'{}');
INSERT INTO "participants" VALUES(3,12,'pl02',NULL,'{}');
INSERT INTO "participants" VALUES(3,8,'se01',NULL,'{}');
INSERT INTO "participants" VALUES(4,14,'be01',NULL,'{}');
INSERT INTO "participants" VALUES(4,2,'cz02',NULL,'{}');
INSERT INTO "participants" VALUES(4,9,'de02',NULL,'{}');
INSERT INTO "participants" VALUES(4,10,'fr01',NULL,'{}');
INSERT INTO "participants" VALUES(4,6,'nl01',NULL,'{}');
INSERT INTO "participants" VALUES(4,7,'nl02',NULL,'{}');
INSERT INTO "participants" VALUES(4,12,'pl02',NULL,'{}');
INSERT INTO "participants" VALUES(4,13,'se02',NULL,'{}');
INSERT INTO "participants" VALUES(5,1,'cz01',NULL,'{}');
INSERT INTO "participants" VALUES(5,2,'cz02',NULL,'{}');
INSERT INTO "participants" VALUES(5,9,'de02',NULL,'{}');
INSERT INTO "participants" VALUES(5,15,'es01',NULL,'{}');
INSERT INTO "participants" VALUES(5,10,'fr01',NULL,'{}');
INSERT INTO "participants" VALUES(5,4,'fr02',NULL,'{}');
INSERT INTO "participants" VALUES(5,5,'it01',NULL,'{}');
INSERT INTO "participants" VALUES(5,12,'pl02',NULL,'{}');
INSERT INTO "participants" VALUES(6,14,'be01',NULL,'{}');
INSERT INTO "participants" VALUES(6,1,'cz01',NULL,'{}');
INSERT INTO "participants" VALUES(6,9,'de02',NULL,'{}');
INSERT INTO "participants" VALUES(6,15,'es01',NULL,'{}');
INSERT INTO "participants" VALUES(6,10,'fr01',NULL,'{}');
INSERT INTO "participants" VALUES(6,5,'it01',NULL,'{}');
INSERT INTO "participants" VALUES(6,7,'nl02',NULL,'{}');
INSERT INTO "participants" VALUES(6,8,'se01',NULL,'{}');
INSERT INTO "participants" VALUES(7,1,'cz01',NULL,'{}');
INSERT INTO "participants" VALUES(7,15,'es01',NULL,'{}');
INSERT INTO "participants" VALUES(7,10,'fr01',NULL,'{}');
INSERT INTO "participants" VALUES(7,5,'it01',NULL,'{}');
INSERT INTO "participants" VALUES(7,6,'nl01',NULL,'{}');
INSERT INTO "participants" VALUES(7,7,'nl02',NULL,'{}');
INSERT INTO "participants" VALUES(7,8,'se01',NULL,'{}');
INSERT INTO "participants" VALUES(7,13,'se02',NULL,'{}');
CREATE TABLE periods (period TEXT PRIMARY KEY, rated TEXT NOT NULL, rules TEXT NOT NULL);
INSERT INTO "periods" VALUES('2024-01','2026-12-06T09:50:38+00:00','fesa');
INSERT INTO "periods" VALUES('2024-02','2026-12-06T09:50:38+00:00','fesa');
INSERT INTO "periods" VALUES('2024-03','2026-12-06T09:50:38+00:00','fesa');
INSERT INTO "periods" VALUES('2024-04','2026-12-06T09:50:38+00:00','fesa');
CREATE TABLE player_results (
        period TEXT NOT NULL,
        event_id INTEGER NOT NULL REFERENCES events(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        rating_before,
        games,
        score,
        expected,
        change,
        rating_after,
        status TEXT,
        detail TEXT,
        PRIMARY KEY (event_id, player_id)
    );
INSERT INTO "player_results" VALUES('2024-01',2,14,NULL,5,4.0,'36026434453868303/9007199254740992',NULL,1727,'FIRST_RATING',NULL);
INSERT INTO "player_results" VALUES('2024-01',2,3,1745,5,5.0,'15927860074086665/4503599627370496','185711997690600725237802329/4503599627370496000000000',1786,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',2,10,1580,5,1.0,'65111271050644331/36028797018963968','-496800687147520675943918207/36028797018963968000000000',1566,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',2,6,1920,5,4.0,'40931829849780287/9007199254740992','-24515164154081595/2251799813685248',1909,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',2,7,1810,5,5.0,'41800511892599871/9007199254740992','9706453143315267/1125899906842624',1819,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',2,11,1290,5,1.0,'133551408074575763/144115188075855872','2126481254224046588545966571/144115188075855872000000000',1305,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',2,8,1130,5,0.0,'206496898733701251/576460752303423488','741557314255995779687759037/144115188075855872000000000',1135,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',2,13,1050,5,0.0,'116638717656191663/1152921504606846976','-116638717656191663/36028797018963968',1047,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',1,1,1420,5,2.0,'21042693737146519/9007199254740992','-9096909477185439811014233/36028797018963968000000000',1420,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',1,2,1365,5,1.0,'89205787784360771/72057594037927936','9292640363451679169768089/2251799813685248000000000',1369,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',1,3,1786,5,3.0,'52563416133077727/18014398509481984','113355732779238316920209317/45035996273704960000000000',1789,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',1,4,1490,5,4.0,'171615849079459517/72057594037927936','25005469877327113727/225179981368524800',1601,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',1,5,NULL,5,2.0,'72040872571993091/36028797018963968',NULL,1518,'FIRST_RATING',NULL);
INSERT INTO "player_results" VALUES('2024-01',1,6,1909,5,4.0,'5236137109160177/1125899906842624','-2197612445369043/140737488355328',1893,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',1,7,1819,5,3.0,'31260304886874799/9007199254740992','-12716121367955469/1125899906842624',1808,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-01',1,8,1135,5,1.0,'42976813659870069/72057594037927936','680269852325486233/14073748835532800',1183,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-02',3,14,1727,5,2.0,'8762777009603739/2251799813685248','-962290543543597171554290003/22517998136852480000000000',1684,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-02',3,10,1566,5,3.0,'41731245415254861/18014398509481984','2143637120932701216957795399/90071992547409920000000000',1590,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-02',3,4,1601,5,3.0,'66872712853919293/18014398509481984','-38488551976420023/2251799813685248',1584,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-02',3,6,1893,5,5.0,'18787813389007715/4503599627370496','11190554243534295/562949953421312',1913,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-02',3,7,1808,5,3.0,'61417224687178397/18014398509481984','-882077335163335945383/90071992547409920000',1798,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-02',3,11,1305,5,2.0,'31653326242413493/36028797018963968','31830690353580995403405113/281474976710656000000000',1418,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-02',3,12,1210,5,1.0,'238414122386328585/288230376151711744','2429889414125357437112071751/36028797018963968000000000',1277,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-02',3,8,1183,5,1.0,'180097470013426983/288230376151711744','108132906138284761/9007199254740992',1195,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',5,1,1420,5,5.0,'75657952377362103/36028797018963968','32534285627515020136868069/281474976710656000000000',1536,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',5,2,1369,5,1.0,'49223619065811025/36028797018963968','1566228260365501723638786371/90071992547409920000000000',1386,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',5,9,1640,5,3.0,'27105037653544765/9007199254740992','54342204704363643498696631/9007199254740992000000000',1646,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',5,15,NULL,5,4.0,'4505523132987035/1125899906842624',NULL,1748,'FIRST_RATING',NULL);
INSERT INTO "player_results" VALUES('2024-03',5,10,1590,5,2.0,'45780701501717855/18014398509481984','-137486802764491804566146523/18014398509481984000000000',1582,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',5,4,1584,5,3.0,'30056719893753481/9007199254740992','-9105366388591515/1125899906842624',1576,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',5,5,1518,5,1.0,'20240777696087433/9007199254740992','-2488895808931195978867720733/90071992547409920000000000',1490,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',5,12,1277,5,1.0,'72861628046764501/72057594037927936','713317302158145421528671579/45035996273704960000000000',1293,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',4,14,1684,5,2.0,'44159191909783705/18014398509481984','-717141462042503792290408729/90071992547409920000000000',1676,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',4,2,1386,5,2.0,'283061507161005649/144115188075855872','2031160122159096035778104043/180143985094819840000000000',1397,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',4,9,1646,5,4.0,'1965685935975315/562949953421312','180342442357864083282166553/11258999068426240000000000',1662,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',4,10,1582,5,3.0,'23700172293302041/9007199254740992','629709191248124580741406129/45035996273704960000000000',1596,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',4,6,1913,5,5.0,'37138652108928725/9007199254740992','42849426117041833/2251799813685248',1932,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',4,7,1798,5,3.0,'31648478848160279/9007199254740992','-270839073663510094846952347/22517998136852480000000000',1786,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',4,12,1293,5,1.0,'100527929311415969/72057594037927936','137276351935877246123208567/90071992547409920000000000',1295,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-03',4,13,1047,5,0.0,'14368057010847657/36028797018963968','-485443607609912977/36028797018963968',1034,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',6,14,1676,5,2.0,'22625743724036895/9007199254740992','-409287671654876388826664053/45035996273704960000000000',1667,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',6,1,1536,5,3.0,'915693761977077/281474976710656','-33493330267146012739562591/90071992547409920000000000',1536,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',6,9,1662,5,1.0,'8756195701326055/4503599627370496','-214996574322642728277039759/11258999068426240000000000',1643,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',6,15,1748,5,5.0,'14919402587175479/4503599627370496','116420641772911451987279891/2814749767106560000000000',1789,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',6,10,1596,5,4.0,'107814249864068127/36028797018963968','7057315222420312559633036763/180143985094819840000000000',1635,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',6,5,1490,5,1.0,'30232827763836753/18014398509481984','-401668663821919695675354931/36028797018963968000000000',1479,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',6,7,1786,5,4.0,'16965462524265179/4503599627370496','3222678508691243555171/562949953421312000000',1792,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',6,8,1195,5,0.0,'59592640492719557/144115188075855872','-59592640492719557/4503599627370496',1182,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',7,1,1536,5,2.0,'175749093288141105/72057594037927936','-502030644246972167352356941/90071992547409920000000000',1530,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',7,15,1789,5,3.0,'32795931465833955/9007199254740992','-42541246057908978792054587/2814749767106560000000000',1774,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',7,10,1635,5,2.0,'19044606041378721/9007199254740992','155442531613407768780678483/18014398509481984000000000',1644,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',7,5,1479,5,2.0,'22925898299576611/9007199254740992','-629025921820146673021335399/90071992547409920000000000',1472,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',7,6,1932,5,4.0,'19182123844013393/4503599627370496','-675596104035231/140737488355328',1927,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',7,7,1792,5,4.0,'35835247962957045/9007199254740992','8385962186331778106648431/11258999068426240000000000',1793,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',7,8,1182,5,1.0,'5716836542539881/9007199254740992','597777500156550729/11258999068426240',1235,'RATED',NULL);
INSERT INTO "player_results" VALUES('2024-04',7,13,1034,5,2.0,'51966854924363849/288230376151711744','101035192650805893123/360287970189639680',1314,'RATED',NULL);
CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        key TEXT UNIQUE,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        fide_id TEXT,
        federation TEXT,
        title TEXT,
        born TEXT,
        initial_state TEXT
    , arrived_rated INTEGER NOT NULL DEFAULT 0, sex TEXT, own_id TEXT);
INSERT INTO "players" VALUES(1,'id:cz01','Dvorak Petr','dvorak petr',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 32, "grade": "3 kyu", "id": "cz01", "k": null, "name": "Dvorak Petr", "prior_grade": null, "rating": 1420}',1,NULL,'cz01');
INSERT INTO "players" VALUES(2,'id:cz02','Novotna Eva','novotna eva',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 76, "grade": "3 kyu", "id": "cz02", "k": null, "name": "Novotna Eva", "prior_grade": null, "rating": 1365}',1,NULL,'cz02');
INSERT INTO "players" VALUES(3,'id:de01','Keller Jan','keller jan',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 51, "grade": "1 dan", "id": "de01", "k": null, "name": "Keller Jan", "prior_grade": null, "rating": 1745}',1,NULL,'de01');
INSERT INTO "players" VALUES(4,'id:fr02','Petit Ines','petit ines',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 121, "grade": "2 kyu", "id": "fr02", "k": null, "name": "Petit Ines", "prior_grade": null, "rating": 1490}',1,NULL,'fr02');
INSERT INTO "players" VALUES(5,'id:it01','Rossi Marco','rossi marco',NULL,NULL,NULL,NULL,NULL,0,NULL,'it01');
INSERT INTO "players" VALUES(6,'id:nl01','Bakker Anna','bakker anna',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 128, "grade": "3 dan", "id": "nl01", "k": null, "name": "Bakker Anna", "prior_grade": null, "rating": 1920}',1,NULL,'nl01');
INSERT INTO "players" VALUES(7,'id:nl02','de Vries Tom','de vries tom',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 35, "grade": "2 dan", "id": "nl02", "k": null, "name": "de Vries Tom", "prior_grade": null, "rating": 1810}',1,NULL,'nl02');
INSERT INTO "players" VALUES(8,'id:se01','Berg Nils','berg nils',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 94, "grade": "6 kyu", "id": "se01", "k": null, "name": "Berg Nils", "prior_grade": null, "rating": 1130}',1,NULL,'se01');
INSERT INTO "players" VALUES(9,'id:de02','Wolf Lena','wolf lena',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 77, "grade": "1 kyu", "id": "de02", "k": null, "name": "Wolf Lena", "prior_grade": null, "rating": 1640}',1,NULL,'de02');
INSERT INTO "players" VALUES(10,'id:fr01','Martin Paul','martin paul',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 35, "grade": "1 kyu", "id": "fr01", "k": null, "name": "Martin Paul", "prior_grade": null, "rating": 1580}',1,NULL,'fr01');
INSERT INTO "players" VALUES(11,'id:pl01','Nowak Adam','nowak adam',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 31, "grade": "4 kyu", "id": "pl01", "k": null, "name": "Nowak Adam", "prior_grade": null, "rating": 1290}',1,NULL,'pl01');
INSERT INTO "players" VALUES(12,'id:pl02','Kowalska Ola','kowalska ola',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 54, "grade": "5 kyu", "id": "pl02", "k": null, "name": "Kowalska Ola", "prior_grade": null, "rating": 1210}',1,NULL,'pl02');
INSERT INTO "players" VALUES(13,'id:se02','Lind Karin','lind karin',NULL,NULL,NULL,NULL,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {}, "games": 127, "grade": "7 kyu", "id": "se02", "k": null, "name": "Lind Karin", "prior_grade": null, "rating": 1050}',1,NULL,'se02');
INSERT INTO "players" VALUES(14,'id:be01','Peeters Lotte','peeters lotte',NULL,NULL,NULL,NULL,NULL,0,NULL,'be01');
INSERT INTO "players" VALUES(15,'id:es01','Garcia Lucia','garcia lucia',NULL,NULL,NULL,NULL,NULL,0,NULL,'es01');
CREATE TABLE published (
        period TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        rating INTEGER,
        games INTEGER,
        played INTEGER NOT NULL,
        listed INTEGER NOT NULL,
        is_new INTEGER NOT NULL,
        inactive INTEGER NOT NULL, state TEXT,
        PRIMARY KEY (period, player_id)
    );
INSERT INTO "published" VALUES('2024-01',1,1420,37,1,1,0,0,'{"grade": "3 kyu"}');
INSERT INTO "published" VALUES('2024-01',2,1369,81,1,1,0,0,'{"grade": "3 kyu"}');
INSERT INTO "published" VALUES('2024-01',3,1789,61,1,1,0,0,'{"grade": "1 dan"}');
INSERT INTO "published" VALUES('2024-01',4,1601,126,1,1,0,0,'{"grade": "2 kyu"}');
INSERT INTO "published" VALUES('2024-01',6,1893,138,1,1,0,0,'{"grade": "3 dan"}');
INSERT INTO "published" VALUES('2024-01',7,1808,45,1,1,0,0,'{"grade": "2 dan"}');
INSERT INTO "published" VALUES('2024-01',8,1183,104,1,1,0,0,'{"grade": "6 kyu"}');
INSERT INTO "published" VALUES('2024-01',9,1640,77,0,1,0,0,'{"grade": "1 kyu"}');
INSERT INTO "published" VALUES('2024-01',10,1566,40,1,1,0,0,'{"grade": "1 kyu"}');
INSERT INTO "published" VALUES('2024-01',11,1305,36,1,1,0,0,'{"grade": "4 kyu"}');
INSERT INTO "published" VALUES('2024-01',12,1210,54,0,1,0,0,'{"grade": "5 kyu"}');
INSERT INTO "published" VALUES('2024-01',13,1047,132,1,1,0,0,'{"grade": "7 kyu"}');
INSERT INTO "published" VALUES('2024-01',5,NULL,5,1,0,0,0,NULL);
INSERT INTO "published" VALUES('2024-01',14,NULL,5,1,0,0,0,NULL);
INSERT INTO "published" VALUES('2024-02',1,1420,37,0,1,0,0,'{"grade": "3 kyu"}');
INSERT INTO "published" VALUES('2024-02',2,1369,81,0,1,0,0,'{"grade": "3 kyu"}');
INSERT INTO "published" VALUES('2024-02',3,1789,61,0,1,0,0,'{"grade": "1 dan"}');
INSERT INTO "published" VALUES('2024-02',4,1584,131,1,1,0,0,'{"grade": "2 kyu"}');
INSERT INTO "published" VALUES('2024-02',6,1913,143,1,1,0,0,'{"grade": "3 dan"}');
INSERT INTO "published" VALUES('2024-02',7,1798,50,1,1,0,0,'{"grade": "2 dan"}');
INSERT INTO "published" VALUES('2024-02',8,1195,109,1,1,0,0,'{"grade": "6 kyu"}');
INSERT INTO "published" VALUES('2024-02',9,1640,77,0,1,0,0,'{"grade": "1 kyu"}');
INSERT INTO "published" VALUES('2024-02',10,1590,45,1,1,0,0,'{"grade": "1 kyu"}');
INSERT INTO "published" VALUES('2024-02',11,1418,41,1,1,0,0,'{"grade": "4 kyu"}');
INSERT INTO "published" VALUES('2024-02',12,1277,59,1,1,0,0,'{"grade": "5 kyu"}');
INSERT INTO "published" VALUES('2024-02',13,1047,132,0,1,0,0,'{"grade": "7 kyu"}');
INSERT INTO "published" VALUES('2024-02',5,NULL,5,0,0,0,0,NULL);
INSERT INTO "published" VALUES('2024-02',14,1684,10,1,1,1,0,'{"grade": "2 kyu"}');
INSERT INTO "published" VALUES('2024-03',1,1536,42,1,1,0,0,'{"grade": "3 kyu"}');
INSERT INTO "published" VALUES('2024-03',2,1397,91,1,1,0,0,'{"grade": "3 kyu"}');
INSERT INTO "published" VALUES('2024-03',3,1789,61,0,1,0,0,'{"grade": "1 dan"}');
INSERT INTO "published" VALUES('2024-03',4,1576,136,1,1,0,0,'{"grade": "2 kyu"}');
INSERT INTO "published" VALUES('2024-03',6,1932,148,1,1,0,0,'{"grade": "3 dan"}');
INSERT INTO "published" VALUES('2024-03',7,1786,55,1,1,0,0,'{"grade": "2 dan"}');
INSERT INTO "published" VALUES('2024-03',8,1195,109,0,1,0,0,'{"grade": "6 kyu"}');
INSERT INTO "published" VALUES('2024-03',9,1662,87,1,1,0,0,'{"grade": "1 kyu"}');
INSERT INTO "published" VALUES('2024-03',10,1596,55,1,1,0,0,'{"grade": "1 kyu"}');
INSERT INTO "published" VALUES('2024-03',11,1418,41,0,1,0,0,'{"grade": "4 kyu"}');
INSERT INTO "published" VALUES('2024-03',12,1295,69,1,1,0,0,'{"grade": "5 kyu"}');
INSERT INTO "published" VALUES('2024-03',13,1034,137,1,1,0,0,'{"grade": "7 kyu"}');
INSERT INTO "published" VALUES('2024-03',5,1490,10,1,1,1,0,'{"grade": "4 kyu"}');
INSERT INTO "published" VALUES('2024-03',14,1676,15,1,1,0,0,'{"grade": "2 kyu"}');
INSERT INTO "published" VALUES('2024-03',15,NULL,5,1,0,0,0,NULL);
INSERT INTO "published" VALUES('2024-04',1,1530,52,1,1,0,0,'{"grade": "2 kyu"}');
INSERT INTO "published" VALUES('2024-04',2,1397,91,0,1,0,0,'{"grade": "3 kyu"}');
INSERT INTO "published" VALUES('2024-04',3,1789,61,0,1,0,0,'{"grade": "1 dan"}');
INSERT INTO "published" VALUES('2024-04',4,1576,136,0,1,0,0,'{"grade": "2 kyu"}');
INSERT INTO "published" VALUES('2024-04',6,1927,153,1,1,0,0,'{"grade": "3 dan"}');
INSERT INTO "published" VALUES('2024-04',7,1793,65,1,1,0,0,'{"grade": "2 dan"}');
INSERT INTO "published" VALUES('2024-04',8,1235,119,1,1,0,0,'{"grade": "6 kyu"}');
INSERT INTO "published" VALUES('2024-04',9,1643,92,1,1,0,0,'{"grade": "1 kyu"}');
INSERT INTO "published" VALUES('2024-04',10,1644,65,1,1,0,0,'{"grade": "1 kyu"}');
INSERT INTO "published" VALUES('2024-04',11,1418,41,0,1,0,0,'{"grade": "4 kyu"}');
INSERT INTO "published" VALUES('2024-04',12,1295,69,0,1,0,0,'{"grade": "5 kyu"}');
INSERT INTO "published" VALUES('2024-04',13,1314,142,1,1,0,0,'{"grade": "5 kyu"}');
INSERT INTO "published" VALUES('2024-04',5,1472,20,1,1,0,0,'{"grade": "3 kyu"}');
INSERT INTO "published" VALUES('2024-04',14,1667,20,1,1,0,0,'{"grade": "2 kyu"}');
INSERT INTO "published" VALUES('2024-04',15,1774,15,1,1,1,0,'{"grade": "2 kyu"}');
CREATE TABLE results (
        period TEXT NOT NULL,
        event_id INTEGER NOT NULL REFERENCES events(id),
        player_id INTEGER NOT NULL REFERENCES players(id),
        row TEXT NOT NULL,
        PRIMARY KEY (event_id, player_id)
    );
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO "settings" VALUES('rules','fesa');
INSERT INTO "settings" VALUES('created','2026-12-06T09:50:38+00:00');
CREATE TABLE state (
        period TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        record TEXT NOT NULL,
        PRIMARY KEY (period, player_id)
    );
INSERT INTO "state" VALUES('2024-01',1,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "37", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 37, "grade": "3 kyu", "id": "1", "k": null, "name": "Dvorak Petr", "prior_grade": null, "rating": 1420}');
INSERT INTO "state" VALUES('2024-01',2,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "81", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 81, "grade": "3 kyu", "id": "2", "k": null, "name": "Novotna Eva", "prior_grade": null, "rating": 1369}');
INSERT INTO "state" VALUES('2024-01',3,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "61", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 61, "grade": "1 dan", "id": "3", "k": null, "name": "Keller Jan", "prior_grade": null, "rating": 1789}');
INSERT INTO "state" VALUES('2024-01',4,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "2", "lb_run_mp": "no", "mp_run": "0"}, "games": 126, "grade": "2 kyu", "id": "4", "k": null, "name": "Petit Ines", "prior_grade": null, "rating": 1601}');
INSERT INTO "state" VALUES('2024-01',6,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 138, "grade": "3 dan", "id": "6", "k": null, "name": "Bakker Anna", "prior_grade": null, "rating": 1893}');
INSERT INTO "state" VALUES('2024-01',7,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "45", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 45, "grade": "2 dan", "id": "7", "k": null, "name": "de Vries Tom", "prior_grade": null, "rating": 1808}');
INSERT INTO "state" VALUES('2024-01',8,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 104, "grade": "6 kyu", "id": "8", "k": null, "name": "Berg Nils", "prior_grade": null, "rating": 1183}');
INSERT INTO "state" VALUES('2024-01',10,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "40", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 40, "grade": "1 kyu", "id": "10", "k": null, "name": "Martin Paul", "prior_grade": null, "rating": 1566}');
INSERT INTO "state" VALUES('2024-01',11,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "36", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 36, "grade": "4 kyu", "id": "11", "k": null, "name": "Nowak Adam", "prior_grade": null, "rating": 1305}');
INSERT INTO "state" VALUES('2024-01',13,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 132, "grade": "7 kyu", "id": "13", "k": null, "name": "Lind Karin", "prior_grade": null, "rating": 1047}');
INSERT INTO "state" VALUES('2024-01',5,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "0", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0", "results": "1420- 1893- 1369+ 1601+ 1789-"}, "games": 5, "grade": null, "id": "5", "k": null, "name": "Rossi Marco", "prior_grade": null, "rating": 1518}');
INSERT INTO "state" VALUES('2024-01',14,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "0", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0", "results": "1305+ 1786- 1047+ 1135+ 1566+"}, "games": 5, "grade": null, "id": "14", "k": null, "name": "Peeters Lotte", "prior_grade": null, "rating": 1727}');
INSERT INTO "state" VALUES('2024-02',4,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "7", "lb_run_mp": "no", "mp_run": "0"}, "games": 131, "grade": "2 kyu", "id": "4", "k": null, "name": "Petit Ines", "prior_grade": null, "rating": 1584}');
INSERT INTO "state" VALUES('2024-02',6,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 143, "grade": "3 dan", "id": "6", "k": null, "name": "Bakker Anna", "prior_grade": null, "rating": 1913}');
INSERT INTO "state" VALUES('2024-02',7,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "50", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 50, "grade": "2 dan", "id": "7", "k": null, "name": "de Vries Tom", "prior_grade": null, "rating": 1798}');
INSERT INTO "state" VALUES('2024-02',8,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 109, "grade": "6 kyu", "id": "8", "k": null, "name": "Berg Nils", "prior_grade": null, "rating": 1195}');
INSERT INTO "state" VALUES('2024-02',10,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "45", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 45, "grade": "1 kyu", "id": "10", "k": null, "name": "Martin Paul", "prior_grade": null, "rating": 1590}');
INSERT INTO "state" VALUES('2024-02',11,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "41", "lb_run": "3", "lb_run_mp": "yes", "mp_run": "1"}, "games": 41, "grade": "4 kyu", "id": "11", "k": null, "name": "Nowak Adam", "prior_grade": null, "rating": 1418}');
INSERT INTO "state" VALUES('2024-02',12,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "59", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 59, "grade": "5 kyu", "id": "12", "k": null, "name": "Kowalska Ola", "prior_grade": null, "rating": 1277}');
INSERT INTO "state" VALUES('2024-02',14,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "5", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 10, "grade": "2 kyu", "id": "14", "k": null, "name": "Peeters Lotte", "prior_grade": null, "rating": 1684}');
INSERT INTO "state" VALUES('2024-03',1,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "42", "lb_run": "4", "lb_run_mp": "yes", "mp_run": "2"}, "games": 42, "grade": "3 kyu", "id": "1", "k": null, "name": "Dvorak Petr", "prior_grade": null, "rating": 1536}');
INSERT INTO "state" VALUES('2024-03',2,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "91", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 91, "grade": "3 kyu", "id": "2", "k": null, "name": "Novotna Eva", "prior_grade": null, "rating": 1397}');
INSERT INTO "state" VALUES('2024-03',4,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "12", "lb_run_mp": "no", "mp_run": "0"}, "games": 136, "grade": "2 kyu", "id": "4", "k": null, "name": "Petit Ines", "prior_grade": null, "rating": 1576}');
INSERT INTO "state" VALUES('2024-03',6,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 148, "grade": "3 dan", "id": "6", "k": null, "name": "Bakker Anna", "prior_grade": null, "rating": 1932}');
INSERT INTO "state" VALUES('2024-03',7,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "55", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 55, "grade": "2 dan", "id": "7", "k": null, "name": "de Vries Tom", "prior_grade": null, "rating": 1786}');
INSERT INTO "state" VALUES('2024-03',9,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "87", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 87, "grade": "1 kyu", "id": "9", "k": null, "name": "Wolf Lena", "prior_grade": null, "rating": 1662}');
INSERT INTO "state" VALUES('2024-03',10,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "55", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 55, "grade": "1 kyu", "id": "10", "k": null, "name": "Martin Paul", "prior_grade": null, "rating": 1596}');
INSERT INTO "state" VALUES('2024-03',12,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "69", "lb_run": "10", "lb_run_mp": "no", "mp_run": "0"}, "games": 69, "grade": "5 kyu", "id": "12", "k": null, "name": "Kowalska Ola", "prior_grade": null, "rating": 1295}');
INSERT INTO "state" VALUES('2024-03',13,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 137, "grade": "7 kyu", "id": "13", "k": null, "name": "Lind Karin", "prior_grade": null, "rating": 1034}');
INSERT INTO "state" VALUES('2024-03',5,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "5", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 10, "grade": "4 kyu", "id": "5", "k": null, "name": "Rossi Marco", "prior_grade": null, "rating": 1490}');
INSERT INTO "state" VALUES('2024-03',14,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "10", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 15, "grade": "2 kyu", "id": "14", "k": null, "name": "Peeters Lotte", "prior_grade": null, "rating": 1676}');
INSERT INTO "state" VALUES('2024-03',15,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "0", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0", "results": "1386+ 1490+ 1582+ 1293+ 1646-"}, "games": 5, "grade": null, "id": "15", "k": null, "name": "Garcia Lucia", "prior_grade": null, "rating": 1748}');
INSERT INTO "state" VALUES('2024-04',1,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "52", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 52, "grade": "2 kyu", "id": "1", "k": null, "name": "Dvorak Petr", "prior_grade": null, "rating": 1530}');
INSERT INTO "state" VALUES('2024-04',6,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 153, "grade": "3 dan", "id": "6", "k": null, "name": "Bakker Anna", "prior_grade": null, "rating": 1927}');
INSERT INTO "state" VALUES('2024-04',7,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "65", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 65, "grade": "2 dan", "id": "7", "k": null, "name": "de Vries Tom", "prior_grade": null, "rating": 1793}');
INSERT INTO "state" VALUES('2024-04',8,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "4", "lb_run_mp": "no", "mp_run": "0"}, "games": 119, "grade": "6 kyu", "id": "8", "k": null, "name": "Berg Nils", "prior_grade": null, "rating": 1235}');
INSERT INTO "state" VALUES('2024-04',9,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "92", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 92, "grade": "1 kyu", "id": "9", "k": null, "name": "Wolf Lena", "prior_grade": null, "rating": 1643}');
INSERT INTO "state" VALUES('2024-04',10,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "65", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 65, "grade": "1 kyu", "id": "10", "k": null, "name": "Martin Paul", "prior_grade": null, "rating": 1644}');
INSERT INTO "state" VALUES('2024-04',13,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "100", "lb_run": "1", "lb_run_mp": "no", "mp_run": "0"}, "games": 142, "grade": "5 kyu", "id": "13", "k": null, "name": "Lind Karin", "prior_grade": null, "rating": 1314}');
INSERT INTO "state" VALUES('2024-04',5,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "15", "lb_run": "3", "lb_run_mp": "no", "mp_run": "0"}, "games": 20, "grade": "3 kyu", "id": "5", "k": null, "name": "Rossi Marco", "prior_grade": null, "rating": 1472}');
INSERT INTO "state" VALUES('2024-04',14,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "15", "lb_run": "3", "lb_run_mp": "yes", "mp_run": "3"}, "games": 20, "grade": "2 kyu", "id": "14", "k": null, "name": "Peeters Lotte", "prior_grade": null, "rating": 1667}');
INSERT INTO "state" VALUES('2024-04',15,'{"born": null, "ever_2300": null, "ever_2400": null, "extra": {"bonus_games": "10", "lb_run": "0", "lb_run_mp": "no", "mp_run": "0"}, "games": 15, "grade": "2 kyu", "id": "15", "k": null, "name": "Garcia Lucia", "prior_grade": null, "rating": 1774}');
CREATE INDEX players_by_name ON players(name_key);
CREATE INDEX events_by_period ON events(period);
CREATE INDEX games_by_event ON games(event_id);
CREATE INDEX results_by_player ON results(player_id);
CREATE INDEX outcomes_by_period ON outcomes(period);
CREATE INDEX player_results_by_player ON player_results(player_id);
CREATE INDEX player_results_by_period ON player_results(period);
CREATE INDEX state_by_player ON state(player_id, period);
CREATE INDEX participants_by_player ON participants(player_id);
CREATE INDEX published_by_player ON published(player_id, period);
CREATE INDEX players_by_own_id ON players(own_id)
    ;
COMMIT;
PRAGMA user_version = 5;
