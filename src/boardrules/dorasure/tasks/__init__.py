"""The tasks of Dorasure's agenda, filed by the section of the Rules they implement.

Each kind of task is one class that holds, in one place, the node it makes (a roll, a
decision or an automatic step), where it may stand on the agenda, its moves, how a move
settles it and the clause it implements.  ``_registry`` lists every class in the order of
the JSON codes.  The sections: ``moving`` (§3.1-§3.2, §4), ``dragon`` (§3.3), ``actions``
(§5.1-§5.5), ``rolls`` (rolls read on a chart), ``quests`` (§1.3, §5.5-§5.8), ``damage``
(§2.3, §6.1), ``battle`` (§7), ``turn`` (the end of an adventure and of a turn),
``heroes`` (§9.3-§9.9), ``expansions`` (§9.1-§9.2) and ``fang`` (§10).
"""
