import FlickIO
import FlickEngine
import Foundation

/// What a task asks of the participant, checked by Flick from the scene's events.
package enum TaskGoal: Equatable, Sendable {
    /// Any `count` cards deleted (thrown away) during the task: `{"deleted": 3}`.
    case deletedCount(Int)
    /// This card (its image file's name) deleted: `{"deleted": "03-photos.png"}`.
    case deletedCard(String)
    /// This card brought to the front (paged to, or tapped): `{"reached": "05-settings.png"}`.
    case reached(String)
    /// This card tapped (selected): `{"selected": "05-settings.png"}`.
    case selected(String)
    /// The participant switched to this interaction: `{"interaction": "stack"}`.
    case interaction(Interaction)
    /// `count` cards thrown one way (`way`: a direction, or the interaction's name for it such
    /// as `like`), or this card thrown (that way): `{"thrown": "like"}`,
    /// `{"thrown": {"as": "like", "card": "anna.png", "count": 1}}`.
    case thrown(way: String?, card: String?, count: Int)
    /// `count` cards brought back (undo, or the stack's drag back), or this card:
    /// `{"restored": 1}`, `{"restored": "anna.png"}`.
    case restored(card: String?, count: Int)

    /// In words, for the facilitator window and the log: "delete 03-photos.png".
    package var description: String {
        switch self {
        case .deletedCount(let n): return n == 1 ? "delete a card" : "delete \(n) cards"
        case .deletedCard(let name): return "delete \(name)"
        case .reached(let name): return "reach \(name)"
        case .selected(let name): return "select \(name)"
        case .interaction(let i): return "use \(i.rawValue)"
        case .thrown(let way, let card, let count):
            let what = card ?? (count == 1 ? "a card" : "\(count) cards")
            return "throw \(what)\(way.map { " as \($0)" } ?? "")"
        case .restored(let card, let count):
            return "bring back \(card ?? (count == 1 ? "a card" : "\(count) cards"))"
        }
    }

    /// The card the goal names, if it names one.
    package var card: String? {
        switch self {
        case .deletedCard(let n), .reached(let n), .selected(let n): return n
        case .thrown(_, let card, _), .restored(let card, _): return card
        case .deletedCount, .interaction: return nil
        }
    }
}

extension TaskGoal: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        guard c.allKeys.count == 1, let key = c.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath, debugDescription:
                "a goal has exactly one of 'deleted', 'reached', 'selected', 'interaction'"))
        }
        switch key.stringValue {
        case "deleted":
            if let n = try? c.decode(Int.self, forKey: key) { self = .deletedCount(n) } else {
                self = .deletedCard(try c.decode(String.self, forKey: key))
            }
        case "reached": self = .reached(try c.decode(String.self, forKey: key))
        case "selected": self = .selected(try c.decode(String.self, forKey: key))
        case "interaction": self = .interaction(try c.decode(Interaction.self, forKey: key))
        case "thrown":
            if let way = try? c.decode(String.self, forKey: key) { self = .thrown(way: way, card: nil, count: 1); return }
            let o = try c.decode(ThrownGoal.self, forKey: key)
            self = .thrown(way: o.as, card: o.card, count: o.count ?? 1)
        case "restored":
            if let n = try? c.decode(Int.self, forKey: key) { self = .restored(card: nil, count: n) } else {
                self = .restored(card: try c.decode(String.self, forKey: key), count: 1)
            }
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [key], debugDescription:
                "unknown goal '\(key.stringValue)' (expected 'deleted', 'reached', 'selected' or 'interaction')"))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch self {
        case .deletedCount(let n): try c.encode(n, forKey: Key(stringValue: "deleted"))
        case .deletedCard(let s): try c.encode(s, forKey: Key(stringValue: "deleted"))
        case .reached(let s): try c.encode(s, forKey: Key(stringValue: "reached"))
        case .selected(let s): try c.encode(s, forKey: Key(stringValue: "selected"))
        case .interaction(let i): try c.encode(i, forKey: Key(stringValue: "interaction"))
        case .thrown(let way, let card, let count):
            try c.encode(ThrownGoal(as: way, card: card, count: count), forKey: Key(stringValue: "thrown"))
        case .restored(let card, let count):
            if let card { try c.encode(card, forKey: Key(stringValue: "restored")) } else {
                try c.encode(count, forKey: Key(stringValue: "restored"))
            }
        }
    }

    /// The object form of a `thrown` goal.
    private struct ThrownGoal: Codable {
        var `as`: String?
        var card: String?
        var count: Int?
    }
}

/// The state a task starts in (`"start"` of a task): applied when the task starts, as the
/// facilitator's doing (the deck's reset has cause `facilitator`), just before the task's own
/// start, so nothing of it counts as the participant's or toward the task's goal.
package struct TaskStart: Codable, Equatable, Sendable {
    /// Switch to this interaction.
    package var interaction: Interaction?
    /// Reset the deck (every card back, at the first).
    package var reset: Bool?
    /// This config in full (the tasks file names a config file; the header keeps the values).
    package var config: SceneConfig?
    /// The config file's name as the tasks file gave it, for the log.
    package var configFile: String?
    /// The cards the task starts with, in deck order (file names of the session's cards): the
    /// deck is replaced by one card per name (a reset to them: a later reset comes back here).
    /// The tasks file gives a list or "all" and an `order`; this is the list they make.
    package var cards: [String]?
    /// How the tasks file ordered them, for the log.
    package var order: CardOrder?
    /// The seed of a shuffled order.
    package var seed: UInt64?

    package init(interaction: Interaction? = nil, reset: Bool? = nil, config: SceneConfig? = nil, configFile: String? = nil,
                 cards: [String]? = nil, order: CardOrder? = nil, seed: UInt64? = nil) {
        self.interaction = interaction
        self.reset = reset
        self.config = config
        self.configFile = configFile
        self.cards = cards
        self.order = order
        self.seed = seed
    }

    /// In words, for the facilitator window: "stack, reset, config snappy.json, 3 cards (reverse)".
    package var description: String {
        var parts: [String] = []
        if let interaction { parts.append(interaction.rawValue) }
        if reset == true { parts.append("reset") }
        if config != nil { parts.append("config " + (configFile ?? "")) }
        if let cards { parts.append("\(cards.count) card\(cards.count == 1 ? "" : "s")" + (order.map { " (\($0.rawValue))" } ?? "")) }
        return parts.joined(separator: ", ")
    }

    /// The order of a task's start cards.
    package enum CardOrder: String, Codable, CaseIterable, Sendable {
        /// As listed (for "all": the folder's name order).
        case listed
        /// Last first.
        case reverse
        /// A seeded random order (`seed`): the same seed gives the same order.
        case shuffled
    }
}

/// One task of a session: a name the facilitator reads out, an optional goal and time limit,
/// and the state it starts in.
package struct TaskSpec: Codable, Equatable, Sendable {
    package var name: String
    package var goal: TaskGoal?
    /// Seconds from the task's start; past it the task ends as "time_limit".
    package var timeLimit: Double?
    package var start: TaskStart?
    /// This task's own participant side (`ParticipantSide`), over the study's.
    package var participantSide: ParticipantSide?

    package init(name: String, goal: TaskGoal? = nil, timeLimit: Double? = nil, start: TaskStart? = nil,
                 participantSide: ParticipantSide? = nil) {
        self.name = name
        self.goal = goal
        self.timeLimit = timeLimit
        self.start = start
        self.participantSide = participantSide
    }
}

/// A kind of key the participant's window answers in a facilitated session (`participantKeys`
/// of the tasks file): the arrows (previous / next card; in the swipe deck, a throw), PgUp and
/// PgDn, Z (undo), Delete and Backspace (throw the current card).
package enum ParticipantKey: String, Codable, CaseIterable, Sendable {
    case arrows, pages, undo, `throw`
}

extension ParticipantKey {
    /// The participant keys in force: the tasks file's `participantKeys`, else the arrows and,
    /// in the swipe deck, Z (undo). The window's keys and a page's Undo both follow it.
    package static func inForce(_ list: TaskList?, interaction: Interaction) -> Set<ParticipantKey> {
        if let keys = list?.participantKeys { return Set(keys) }
        return interaction == .swipe ? [.arrows, .undo] : [.arrows]
    }
}

/// `--tasks tasks.json`: the session's tasks in order, started one by one from the facilitator
/// window (or `M`), each ending on its goal, on the give-up marker, or on its time limit. Saved
/// in the recording's header, so a replay checks the same goals.
package struct TaskList: Codable, Equatable, Sendable {
    package var tasks: [TaskSpec]
    /// The marker label that ends a task as given up.
    package var giveUp: String
    /// The keys the participant's window answers while a facilitator runs the session; nil:
    /// the arrows, and Z in the swipe deck (`ParticipantKeys`).
    package var participantKeys: [ParticipantKey]?
    /// The participant's side of the study (task text, SEQ, SUS); nil: off.
    package var participantSide: ParticipantSide?

    package static let defaultGiveUp = "gave up"
    package static let maxTasks = 100
    package static let timeLimits = 1.0...86_400.0
    package static let counts = 1...10_000

    package init(tasks: [TaskSpec], giveUp: String = TaskList.defaultGiveUp, participantKeys: [ParticipantKey]? = nil) {
        self.tasks = tasks
        self.giveUp = giveUp
        self.participantKeys = participantKeys
    }

    private enum CodingKeys: String, CodingKey { case tasks, giveUp, participantKeys, participantSide }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tasks = try c.decode([TaskSpec].self, forKey: .tasks)
        giveUp = try c.decodeIfPresent(String.self, forKey: .giveUp) ?? Self.defaultGiveUp
        participantKeys = try c.decodeIfPresent([ParticipantKey].self, forKey: .participantKeys)
        participantSide = try c.decodeIfPresent(ParticipantSide.self, forKey: .participantSide)
    }

    /// Reads and checks `path`: JSON `{"tasks": [{"name": …, "goal": {…}, "timeLimit": s}],
    /// "giveUp": "gave up"}` (or just the array). A card a goal names must be one of `cards`
    /// (file names; the extension may be left off). Every problem is one line naming the file,
    /// the task and the field.
    package static func load(path: String, cards: [String]) throws -> TaskList {
        let data = try InputFile.read(path, what: "--tasks file")
        guard let json = try? JSONSerialization.jsonObject(with: data) else {
            throw UserError("--tasks file '\(path)' is not JSON (expected {\"tasks\": [{\"name\": \"…\", \"goal\": {\"deleted\": 1}}]})")
        }
        let folder = PathKind.folder(of: path)
        return try parse(json, file: "--tasks file '\(path)'", cards: cards, folder: folder.isEmpty ? "." : folder)
    }

    /// Checks a decoded JSON value (a file, or a recording header's `tasks`); a task's start
    /// config file is read relative to `folder`.
    package static func parse(_ json: Any, file: String, cards: [String]?, folder: String = ".") throws -> TaskList {
        var object: [String: Any]
        if let array = json as? [Any] { object = ["tasks": array] } else if let o = json as? [String: Any] { object = o } else {
            throw UserError("\(file): expected an object with 'tasks' (a list) or a list of tasks")
        }
        if let unknown = object.keys.first(where: { !["tasks", "giveUp", "participantKeys", "participantSide"].contains($0) }) {
            throw UserError("\(file): unknown key '\(unknown)' (expected 'tasks' and optionally 'giveUp', 'participantKeys', 'participantSide')")
        }
        let side = try object["participantSide"].map { try ParticipantSide.parse($0, at: file, task: false) }
        guard let raw = object["tasks"] as? [Any] else { throw UserError("\(file): 'tasks' is missing or not a list") }
        guard (1...maxTasks).contains(raw.count) else {
            throw UserError("\(file): \(raw.count) tasks (expected 1 to \(maxTasks))")
        }
        var giveUp = defaultGiveUp
        if let g = object["giveUp"] {
            guard let s = g as? String, MarkerLabels.isValid(s) else {
                throw UserError("\(file): 'giveUp' must be a marker label of 1 to \(MarkerLabels.maxLength) characters")
            }
            giveUp = s
        }
        var participantKeys: [ParticipantKey]?
        if let k = object["participantKeys"] {
            let names = ParticipantKey.allCases.map(\.rawValue).joined(separator: ", ")
            guard let list = k as? [Any] else {
                throw UserError("\(file): 'participantKeys' must be a list of \(names)")
            }
            participantKeys = try list.map { item in
                guard let s = item as? String, let key = ParticipantKey(rawValue: s) else {
                    throw UserError("\(file): 'participantKeys' has '\(item)' (expected some of \(names))")
                }
                return key
            }
        }
        var tasks: [TaskSpec] = []
        for (i, item) in raw.enumerated() {
            let at = "\(file): task \(i + 1)"
            guard let t = item as? [String: Any] else { throw UserError("\(at) is not an object (expected {\"name\": …})") }
            if let unknown = t.keys.first(where: { !["name", "goal", "timeLimit", "start", "participantSide"].contains($0) }) {
                throw UserError("\(at): unknown key '\(unknown)' (expected 'name', 'goal', 'timeLimit', 'start', 'participantSide')")
            }
            guard let name = t["name"] as? String, !name.trimmingCharacters(in: .whitespaces).isEmpty,
                  TextLimits.problem(name, limit: TextLimits.taskName) == nil else {
                throw UserError("\(at): 'name' must be one line of 1 to \(TextLimits.taskName) characters")
            }
            if tasks.contains(where: { $0.name == name }) { throw UserError("\(at): the name '\(name)' is used twice") }
            var spec = TaskSpec(name: name)
            if let limit = t["timeLimit"] {
                guard let n = limit as? NSNumber, !ConfigFile.isBoolean(n), timeLimits.contains(n.doubleValue) else {
                    throw UserError("\(at) '\(name)': 'timeLimit' = \(limit) is out of range (expected 1 to 86400 seconds)")
                }
                spec.timeLimit = n.doubleValue
            }
            if let g = t["goal"] {
                spec.goal = try goal(g, at: "\(at) '\(name)'", cards: cards)
            }
            if let st = t["start"] {
                spec.start = try start(st, at: "\(at) '\(name)'", folder: folder, cards: cards)
            }
            spec.participantSide = try t["participantSide"].map { try ParticipantSide.parse($0, at: "\(at) '\(name)'", task: true) }
            tasks.append(spec)
        }
        var list = TaskList(tasks: tasks, giveUp: giveUp, participantKeys: participantKeys)
        list.participantSide = side
        return list
    }

    /// `"start": {"interaction": "stack", "reset": true, "config": "snappy.json",
    /// "cards": ["b.png", "a.png"] or "all", "order": "listed" | "reverse" | "shuffled", "seed": 7}`.
    /// With the session's `cards` known (a tasks file) the cards are checked and put in order;
    /// without (a recording's header) the list is taken as the order already made.
    private static func start(_ raw: Any, at: String, folder: String, cards known: [String]?) throws -> TaskStart {
        let expected = "expected an object of 'interaction' (\(Interaction.allCases.map(\.rawValue).joined(separator: ", "))), 'reset' (true or false), 'config' (a config file), 'cards' (a list of card files, or \"all\"), 'order' (listed, reverse, shuffled), 'seed' (with shuffled)"
        guard let o = raw as? [String: Any], !o.isEmpty else { throw UserError("\(at): 'start' is not a start state (\(expected))") }
        if let unknown = o.keys.sorted().first(where: { !["interaction", "reset", "config", "configFile", "cards", "order", "seed"].contains($0) }) {
            throw UserError("\(at): 'start' has an unknown key '\(unknown)' (\(expected))")
        }
        var start = TaskStart()
        if let i = o["interaction"] {
            guard let name = i as? String, let interaction = Interaction(rawValue: name) else {
                throw UserError("\(at): start 'interaction' = \(i) is not an interaction (expected one of \(Interaction.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            start.interaction = interaction
        }
        if let r = o["reset"] {
            guard let n = r as? NSNumber, ConfigFile.isBoolean(n) else {
                throw UserError("\(at): start 'reset' = \(r) is not true or false")
            }
            start.reset = n.boolValue
        }
        if let c = o["config"] {
            do {
                if let values = c as? [String: Any] {
                    // A recording's header keeps the values themselves.
                    let data = try JSONSerialization.data(withJSONObject: values)
                    start.config = try ConfigFile.load("\(at) start 'config'", data: data)
                    start.configFile = o["configFile"] as? String
                } else {
                    guard let name = c as? String, !name.isEmpty else { throw UserError("\(at): start 'config' must name a config file") }
                    let path = name.hasPrefix("/") ? name : (folder as NSString).appendingPathComponent(name)
                    start.config = try ConfigFile.load(path)
                    start.configFile = name
                }
            } catch let e as UserError {
                throw e.message.hasPrefix(at) ? e : UserError("\(at): start 'config': \(e.message)")
            }
        }
        try startCards(o, at: at, known: known, into: &start)
        return start
    }

    /// The `cards`, `order` and `seed` of a start state.
    private static func startCards(_ o: [String: Any], at: String, known: [String]?, into start: inout TaskStart) throws {
        if let raw = o["order"] {
            guard let name = raw as? String, let order = TaskStart.CardOrder(rawValue: name) else {
                throw UserError("\(at): start 'order' = \(raw) is not an order (expected one of \(TaskStart.CardOrder.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            start.order = order
        }
        if let raw = o["seed"] {
            guard start.order == .shuffled else { throw UserError("\(at): start 'seed' is used only with \"order\": \"shuffled\"") }
            guard let n = raw as? NSNumber, !ConfigFile.isBoolean(n), n.doubleValue >= 0, n.doubleValue == n.doubleValue.rounded(),
                  n.doubleValue < 1.8446744073709552e19 else {
                throw UserError("\(at): start 'seed' = \(raw) is not a whole number from 0 to 2^64-1")
            }
            start.seed = n.uint64Value
        } else if start.order == .shuffled {
            throw UserError("\(at): start \"order\": \"shuffled\" needs a 'seed' (a whole number: the same seed gives the same order)")
        }
        guard o["cards"] != nil || start.order != nil else { return }
        var list: [String]
        let given = o["cards"]
        if given == nil || (given as? String) == "all" {
            // Without the session's cards (checking a tasks file on its own) "all" stays unmade.
            guard let known else { return }
            list = known
        } else if let items = given as? [Any] {
            guard (1...counts.upperBound).contains(items.count) else {
                throw UserError("\(at): start 'cards' has \(items.count) cards (expected 1 to \(counts.upperBound) card files, or \"all\")")
            }
            list = try items.map { item in
                guard let name = item as? String, !name.isEmpty else {
                    throw UserError("\(at): start 'cards' has \(item) (expected card file names)")
                }
                guard let known else { return name }
                if let match = known.first(where: { $0 == name || ($0 as NSString).deletingPathExtension == name }) { return match }
                let shown = known.prefix(6).joined(separator: ", ") + (known.count > 6 ? ", …" : "")
                throw UserError("\(at): start 'cards' names '\(name)', which is not among the cards (\(shown))")
            }
        } else {
            throw UserError("\(at): start 'cards' = \(given!) is not a list of card files or \"all\"")
        }
        // A recording's header holds the order already made: only a tasks file is ordered here.
        if known != nil {
            switch start.order {
            case .reverse?: list.reverse()
            case .shuffled?:
                var random = SeededGenerator(seed: start.seed ?? 0)
                random.shuffle(&list)
            case .listed?, nil: break
            }
        }
        start.cards = list
    }

    private static func goal(_ raw: Any, at: String, cards: [String]?) throws -> TaskGoal {
        let expected = "expected one of {\"deleted\": N or \"card.png\"}, {\"thrown\": \"like\" or {\"as\": \"like\", \"card\": \"card.png\", \"count\": N}}, {\"restored\": N or \"card.png\"}, {\"reached\": \"card.png\"}, {\"selected\": \"card.png\"}, {\"interaction\": \"stack\"}"
        guard let g = raw as? [String: Any], g.count == 1, let (key, value) = g.first else {
            throw UserError("\(at): 'goal' is not a goal (\(expected))")
        }
        func count(_ v: Any, _ field: String) throws -> Int {
            if let n = v as? NSNumber, ConfigFile.isBoolean(n) {
                throw UserError("\(at): goal '\(field)' = \(n.boolValue) is not a number (expected a whole number from 1 to 10000)")
            }
            guard let n = v as? NSNumber, n.doubleValue == n.doubleValue.rounded(),
                  counts.contains(Int(exactly: n.doubleValue) ?? 0) else {
                throw UserError("\(at): goal '\(field)' = \(v) is out of range (expected a whole number from 1 to 10000)")
            }
            return n.intValue
        }
        func card(_ v: Any) throws -> String {
            guard let name = v as? String, !name.isEmpty else { throw UserError("\(at): goal '\(key)' needs a card file name (\(expected))") }
            guard let cards else { return name }
            if let match = cards.first(where: { $0 == name || ($0 as NSString).deletingPathExtension == name }) { return match }
            let shown = cards.prefix(6).joined(separator: ", ") + (cards.count > 6 ? ", …" : "")
            throw UserError("\(at): goal '\(key)' names the card '\(name)', which is not among the cards (\(shown))")
        }
        switch key {
        case "deleted":
            if let n = value as? NSNumber, !ConfigFile.isBoolean(n) {
                guard n.doubleValue == n.doubleValue.rounded(), counts.contains(Int(exactly: n.doubleValue) ?? 0) else {
                    throw UserError("\(at): goal 'deleted' = \(n) is out of range (expected a whole number from 1 to 10000, or a card file name)")
                }
                return .deletedCount(n.intValue)
            }
            return .deletedCard(try card(value))
        case "thrown":
            func way(_ v: Any) throws -> String {
                guard let s = v as? String, MarkerLabels.isValid(s) else {
                    throw UserError("\(at): goal 'thrown' needs a way: a direction (left, right, up, down) or the interaction's name for one (like), 1 to \(MarkerLabels.maxLength) characters")
                }
                return s
            }
            if let s = value as? String { return .thrown(way: try way(s), card: nil, count: 1) }
            guard let o = value as? [String: Any], !o.isEmpty else {
                throw UserError("\(at): goal 'thrown' is not a way or an object (\(expected))")
            }
            if let unknown = o.keys.first(where: { !["as", "card", "count"].contains($0) }) {
                throw UserError("\(at): goal 'thrown' has an unknown key '\(unknown)' (expected 'as', 'card', 'count')")
            }
            guard o["as"] != nil || o["card"] != nil else {
                throw UserError("\(at): goal 'thrown' names neither a way ('as') nor a card ('card'); {\"deleted\": N} counts any throw")
            }
            let n = try count(o["count"] ?? 1, "thrown.count")
            return .thrown(way: try o["as"].map(way), card: try o["card"].map(card), count: n)
        case "restored":
            if let s = value as? String { return .restored(card: try card(s), count: 1) }
            return .restored(card: nil, count: try count(value, "restored"))
        case "reached": return .reached(try card(value))
        case "selected": return .selected(try card(value))
        case "interaction":
            guard let s = value as? String, let i = Interaction(rawValue: s) else {
                throw UserError("\(at): goal 'interaction' = \(value) is not an interaction (expected one of \(Interaction.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .interaction(i)
        default:
            throw UserError("\(at): unknown goal '\(key)' (\(expected))")
        }
    }
}

/// `--markers "found it,gave up,asked for help"`: labelled markers the facilitator drops with
/// keys 1 to 9 in the facilitator window.
package enum MarkerLabels {
    package static let maxCount = 9
    package static let maxLength = TextLimits.label
    /// Labels the task markers use themselves.
    package static let reserved: Set<String> = ["start", "end"]

    package static func isValid(_ label: String) -> Bool {
        let trimmed = label.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && trimmed == label && label.count <= maxLength
            && !label.unicodeScalars.contains(where: TextLimits.isControl)
    }

    /// Splits and checks a `--markers` value; a one-line error naming the label at fault.
    package static func parse(_ text: String) throws -> [String] {
        let labels = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...maxCount).contains(labels.count) else {
            throw UserError("--markers '\(TextLimits.excerpt(text, 80))' has \(labels.count) labels (expected 1 to \(maxCount), one per key 1-9, separated by commas)")
        }
        for label in labels {
            guard isValid(label) else {
                throw UserError("--markers '\(TextLimits.excerpt(text, 80))': the label '\(TextLimits.excerpt(label))' must be 1 to \(maxLength) characters on one line")
            }
            guard !reserved.contains(label) else {
                throw UserError("--markers '\(TextLimits.excerpt(text, 80))': '\(TextLimits.excerpt(label))' is the task marker's own label (choose another word)")
            }
        }
        if let twice = labels.first(where: { l in labels.filter { $0 == l }.count > 1 }) {
            throw UserError("--markers '\(TextLimits.excerpt(text, 80))': '\(TextLimits.excerpt(twice))' is given twice")
        }
        return labels
    }
}
