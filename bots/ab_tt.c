/* SPDX-License-Identifier: MIT */
/*
 * ab_tt.c - the transposition table of `ab`, keyed by mana_hash.  Each
 * bucket holds two entries: the first keeps the deepest result (replaced
 * only by a deeper or equal one, or by anything once it is from an older
 * search), the second takes whatever the first refused.  12 bytes an
 * entry; the low bits of the hash pick the bucket, the high 32 bits are
 * stored to tell positions apart.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"

int tt_init(tt_table *t, int mb)
{
    uint64_t bytes = (uint64_t)mb << 20, buckets = 1;
    while (buckets * 2 * (2 * sizeof(tt_entry)) <= bytes)
        buckets *= 2;
    if (buckets > SIZE_MAX / (2 * sizeof(tt_entry)))
        return -1; /* more than this machine can address */
    tt_entry *e = calloc((size_t)(2 * buckets), sizeof *e);
    if (e == NULL)
        return -1;
    t->e = e;
    t->buckets = (size_t)buckets;
    t->age = 0;
    return 0;
}

int tt_hashfull(const tt_table *t)
{
    size_t n = 2 * t->buckets < 1000 ? 2 * t->buckets : 1000;
    int used = 0;
    for (size_t i = 0; i < n; i++)
        used += t->e[i].flag_age != 0 && (t->e[i].flag_age >> 2) == t->age;
    return (int)(used * 1000 / n);
}

void tt_free(tt_table *t)
{
    free(t->e);
    t->e = NULL;
}

void tt_clear(tt_table *t)
{
    memset(t->e, 0, 2 * t->buckets * sizeof *t->e);
    t->age = 0;
}

void tt_new_search(tt_table *t)
{
    t->age = (uint8_t)((t->age + 1) & 63);
}

static tt_entry *bucket(const tt_table *t, uint64_t key)
{
    return &t->e[2 * (key & (t->buckets - 1))];
}

const tt_entry *tt_probe(const tt_table *t, uint64_t key)
{
    tt_entry *b = bucket(t, key);
    uint32_t check = (uint32_t)(key >> 32);
    for (int i = 0; i < 2; i++)
        if (b[i].flag_age != 0 && b[i].check == check)
            return &b[i];
    return NULL;
}

void tt_store(tt_table *t, uint64_t key, mana_move move, int score, int depth, int flag)
{
    tt_entry *b = bucket(t, key);
    uint32_t check = (uint32_t)(key >> 32);
    tt_entry *e;
    if (b[0].check == check || b[0].flag_age == 0 || (b[0].flag_age >> 2) != t->age || depth >= b[0].depth)
        e = &b[0];
    else
        e = &b[1];
    if (e->check == check && move == MANA_MOVE_NONE)
        move = e->move; /* keep the old best move of the same position */
    e->check = check;
    e->move = move;
    e->score = (int16_t)score;
    e->depth = (int8_t)(depth > 127 ? 127 : depth);
    e->flag_age = (uint8_t)(flag | (t->age << 2));
}
