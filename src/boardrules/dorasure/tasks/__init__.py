"""The tasks of Dorasure's agenda, filed by the section of the Rules they implement.

Each kind of task is one class that holds, in one place, the node it makes (a roll, a
decision or an automatic step), where it may stand on the agenda, its moves, how a move
settles it and the clause it implements.  ``_registry`` lists every class in the order of
the JSON codes.  Sections moved here so far: ``heroes`` (§9.3-§9.9, the expansion heroes'
decisions); the other tasks are still in ``boardrules.dorasure._tasks``.
"""
