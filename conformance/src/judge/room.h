/* SPDX-License-Identifier: MIT */
/*
 * room.h - memory the judge cannot go on without.
 */
#ifndef U8C_ROOM_H
#define U8C_ROOM_H

/*
 * u8c_room - @p, an allocation's result; when it failed (NULL),
 * "u8conform: @who: out of memory" on stderr and exit status 2.  A judge
 * thread has no caller to hand the failure to, and a verdict judged
 * without the memory would be wrong, not short.
 */
void *u8c_room(void *p, const char *who);

#endif /* U8C_ROOM_H */
