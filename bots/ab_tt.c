/* SPDX-License-Identifier: MIT */
/*
 * ab_tt.c - the transposition table of `ab`, keyed by mana_hash, shared
 * by the threads of a Lazy SMP search.  Each bucket holds two entries:
 * the first keeps the deepest result (replaced only by a deeper or equal
 * one, or by anything once it is from an older search), the second takes
 * whatever the first refused.
 *
 * An entry is two 64-bit words read and written with relaxed atomics, no
 * lock: the data (move, score, depth, bound and generation packed) and
 * the key xor the data.  A reader recomputes the key from both words, so
 * an entry torn by two threads writing at once (the words of different
 * writes) gives a key that is not the one probed and is not used
 * (Hyatt's lockless hashing).  16 bytes an entry, 32 a bucket; the low
 * bits of the hash pick the bucket.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"

#define RELAXED memory_order_relaxed

int tt_init(tt_table *t, int mb)
{
    uint64_t bytes = (uint64_t)mb << 20, buckets = 1;
    while (buckets * 2 * (2 * sizeof(tt_slot)) <= bytes)
        buckets *= 2;
    if (buckets > SIZE_MAX / (2 * sizeof(tt_slot)))
        return -1; /* more than this machine can address */
    tt_slot *e = bot_table_alloc((size_t)(2 * buckets) * sizeof *e);
    if (e == NULL)
        return -1;
    t->e = e;
    t->buckets = (size_t)buckets;
    t->age = 0;
    return 0;
}

static uint64_t pack(mana_move move, int score, int depth, int flag_age)
{
    return (uint64_t)move | (uint64_t)(uint16_t)(int16_t)score << 32 | (uint64_t)(uint8_t)(int8_t)depth << 48 |
           (uint64_t)(uint8_t)flag_age << 56;
}

static void unpack(uint64_t d, tt_entry *out)
{
    out->move = (mana_move)(d & 0xFFFFFFFFu);
    out->score = (int16_t)(uint16_t)(d >> 32);
    out->depth = (int8_t)(uint8_t)(d >> 48);
    out->flag_age = (uint8_t)(d >> 56);
}

/* Reads slot e: its key (0 when empty) and its data into *out. */
static uint64_t read_slot(const tt_slot *e, tt_entry *out)
{
    uint64_t d = atomic_load_explicit(&e->data, RELAXED);
    uint64_t k = atomic_load_explicit(&e->key_xor_data, RELAXED) ^ d;
    unpack(d, out);
    return out->flag_age != 0 ? k : 0;
}

int tt_hashfull(const tt_table *t)
{
    size_t n = 2 * t->buckets < 1000 ? 2 * t->buckets : 1000;
    int used = 0;
    for (size_t i = 0; i < n; i++) {
        tt_entry e;
        read_slot(&t->e[i], &e);
        used += e.flag_age != 0 && (e.flag_age >> 2) == t->age;
    }
    return (int)(used * 1000 / n);
}

void tt_free(tt_table *t)
{
    bot_table_free(t->e, 2 * t->buckets * sizeof *t->e);
    t->e = NULL;
}

void tt_clear(tt_table *t)
{
    memset(t->e, 0, 2 * t->buckets * sizeof *t->e); /* no search runs */
    t->age = 0;
}

void tt_new_search(tt_table *t)
{
    t->age = (uint8_t)((t->age + 1) & 63);
}

static tt_slot *bucket(const tt_table *t, uint64_t key)
{
    return &t->e[2 * (key & (t->buckets - 1))];
}

int tt_probe(const tt_table *t, uint64_t key, tt_entry *out)
{
    const tt_slot *b = bucket(t, key);
    for (int i = 0; i < 2; i++)
        if (read_slot(&b[i], out) == key && key != 0)
            return 1;
    return 0;
}

void tt_store(tt_table *t, uint64_t key, mana_move move, int score, int depth, int flag)
{
    tt_slot *b = bucket(t, key);
    tt_entry first, e;
    uint64_t k0 = read_slot(&b[0], &first);
    tt_slot *slot;
    if (k0 == key || first.flag_age == 0 || (first.flag_age >> 2) != t->age || depth >= first.depth) {
        slot = &b[0];
        e = first;
    } else {
        slot = &b[1];
        k0 = read_slot(slot, &e);
    }
    if (k0 == key && move == MANA_MOVE_NONE)
        move = e.move; /* keep the old best move of the same position */
    uint64_t d = pack(move, score, depth > 127 ? 127 : depth, flag | (t->age << 2));
    atomic_store_explicit(&slot->data, d, RELAXED);
    atomic_store_explicit(&slot->key_xor_data, key ^ d, RELAXED);
}
