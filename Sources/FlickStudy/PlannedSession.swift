import FlickPhone
import FlickSession
import FlickIO
import FlickEngine
import Foundation

/// A session opened from a plan: its condition and task order, with the files the plan names
/// resolved from the plan's folder.
package struct PlannedSession {
    package var stamp: PlanStamp
    package var condition: PlanCondition
    package var config: String?
    package var tasks: String?
    package var taskOrder: [String]?
    package var cards: String?
    package var markers: [String]?

    /// Session `session` of participant `participant` in the plan at `file`.
    package static func open(_ file: String, participant: String, session: Int) throws -> PlannedSession {
        let plan = try StudyPlan.load(file)
        let (condition, s) = try plan.session(participant: participant, session: session, file: file)
        let planned = PlannedSession(plan, file: file, condition: condition, session: s, participant: participant)
        try planned.checkFiles(shownAs: "the plan '\(file)'")
        return planned
    }

    package init(_ plan: StudyPlan, file: String, condition: PlanCondition, session: PlanSession, participant: String) {
        stamp = PlanStamp(file: file, participant: participant, session: session.session, condition: condition.name, tasks: session.tasks)
        self.condition = condition
        // A participant's own device (between subjects) where the condition names none.
        self.condition.device = plan.device(participant: participant, condition: condition)
        config = condition.config.map { StudyPlan.resolve($0, planFile: file) }
        tasks = plan.tasks.map { StudyPlan.resolve($0, planFile: file) }
        taskOrder = session.tasks
        cards = (condition.cards ?? plan.cards).map { StudyPlan.resolve($0, planFile: file) }
        markers = condition.markers ?? plan.markers
    }

    /// The files it names exist and read as they will: the config, the tasks (with every task the
    /// session orders), the card folder. One line naming the plan, the condition and the file.
    package func checkFiles(shownAs plan: String) throws {
        let at = "\(plan): condition '\(condition.name)'"
        if let config {
            guard case .regular = PathKind.target(of: config) else {
                throw UserError("\(at) names the config '\(config)', which \(PathKind.target(of: config).phrase) (expected a config file; paths are relative to the plan's folder)")
            }
            do { _ = try ConfigFile.load(config) } catch let e as UserError { throw UserError("\(at): \(e.message)") }
        }
        if let cards {
            guard PathKind.target(of: cards) == .directory else {
                throw UserError("\(at) names the card folder '\(cards)', which \(PathKind.target(of: cards).phrase) (expected a folder of PNG or JPEG images; paths are relative to the plan's folder)")
            }
            // Read as --cards reads it when the session opens (images in it, readable), so a
            // folder such as /proc is refused now rather than on the study day.
            do { _ = try CardSource(folder: cards, option: "cards") } catch let e as UserError { throw UserError("\(at): \(e.message)") }
        }
        if let phone = condition.phone {
            do { _ = try PhoneAddress.parse(phone) } catch let e as UserError { throw UserError("\(at): phone: \(e.message)") }
        }
        if let tasks {
            guard case .regular = PathKind.target(of: tasks) else {
                throw UserError("\(plan) names the tasks file '\(tasks)', which \(PathKind.target(of: tasks).phrase) (expected a tasks file; paths are relative to the plan's folder)")
            }
            let list = try PlanCommand.readTasks(tasks)
            for name in taskOrder ?? [] where !list.tasks.contains(where: { $0.name == name }) {
                throw UserError("\(plan): session \(stamp.session) of '\(stamp.participant)' orders the task '\(name)', which the tasks file '\(tasks)' does not have")
            }
        } else if taskOrder != nil {
            throw UserError("\(plan): session \(stamp.session) of '\(stamp.participant)' orders tasks but the plan names no tasks file")
        }
    }

    /// Every condition's files, for `flick plan` before it writes.
    package static func checkFiles(_ plan: StudyPlan, planFile: String, shownAs: String) throws {
        for c in plan.conditions {
            let session = plan.participants.first?.sessions.first { $0.condition == c.name } ?? PlanSession(session: 1, condition: c.name, tasks: nil)
            try PlannedSession(plan, file: planFile, condition: c, session: session, participant: plan.participants.first?.id ?? "P1")
                .checkFiles(shownAs: shownAs)
        }
    }

    /// `list` in the session's order (tasks it does not order keep their place after those it does).
    package func ordered(_ list: TaskList) -> TaskList {
        guard let order = taskOrder else { return list }
        var out = list
        out.tasks = order.compactMap { name in list.tasks.first { $0.name == name } }
            + list.tasks.filter { !order.contains($0.name) }
        return out
    }
}
