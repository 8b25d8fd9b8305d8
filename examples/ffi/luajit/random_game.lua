-- SPDX-License-Identifier: MIT
-- random_game.lua - libmana's C ABI from LuaJIT's FFI (docs/ffi.md).
--
--   luajit examples/ffi/luajit/random_game.lua [SEED]
--
-- Plays the game examples/c/play_game plays for SEED (a random setup from
-- mana_setup_random, then moves chosen by the same xorshift generator) and
-- prints what it prints; then perft 4 of the README's position and one
-- refused illegal move with its detail.  tests/ffi/check-ffi.sh compares
-- the output with the C programs'.  The library: $MANA_LIBRARY, else
-- build/libmana.so of this tree, by absolute path (Debian's RDMA packages
-- install an unrelated libmana.so.1 that a bare name could find).
local ffi = require("ffi")

-- Only what this script calls, copied from include/mana.h.
ffi.cdef [[
typedef struct mana_game mana_game;
typedef uint32_t mana_move;
mana_game *mana_new(int preset);
void mana_free(mana_game *g);
int mana_set_option(mana_game *g, int option, int value);
int mana_setup_random(mana_game *g, uint64_t seed);
int mana_set_position(mana_game *g, const char *mfn);
int mana_get_position(const mana_game *g, char *buf, size_t size);
int mana_status(const mana_game *g);
int mana_legal_moves(const mana_game *g, mana_move *out, int cap);
int mana_move_format(const mana_game *g, mana_move m, char *buf, size_t size);
int mana_play(mana_game *g, mana_move m);
int mana_history(const mana_game *g, mana_move *out, int cap);
int mana_square_parse(const char *text);
int mana_perft(mana_game *g, int depth, uint64_t *leaves);
const char *mana_strerror(int err);
const char *mana_error_name(int err);
const char *mana_error_detail(void);
]]

-- Constants of include/mana.h (pinned by its ABI policy).
local MANA_RULES_COSMOLUDO, MANA_OPT_PLY_LIMIT, MANA_PLAYING = 1, 7, 1
local MANA_MAX_MOVES, MANA_MOVE_TEXT_MAX, MANA_MFN_MAX = 128, 5, 47
local MANA_MOVE_STEP, MANA_MOVE_TO_SHIFT, MANA_MOVE_KIND_SHIFT = 1, 6, 12

local function library_path()
    local path = os.getenv("MANA_LIBRARY")
    if path and path ~= "" then return path end
    local here = arg[0]:match("^(.*)/[^/]*$") or "."
    local p = io.popen("cd '" .. here .. "/../../..' && pwd")
    local root = p:read("*l")
    p:close()
    return root .. "/build/libmana.so"
end
local lib = ffi.load(library_path())

-- The value of rc, or exit with the library's message if it is an error.
local function check(rc, what)
    if rc < 0 then
        io.stderr:write(string.format("%s: %s (%s)\n", what, ffi.string(lib.mana_strerror(rc)),
            ffi.string(lib.mana_error_detail())))
        os.exit(1)
    end
    return rc
end

-- A new game that the garbage collector frees if the script does not.
local function new_game(preset)
    local g = lib.mana_new(preset)
    if g == nil then check(-6, "mana_new") end
    return ffi.gc(g, lib.mana_free)
end
local function free_game(g)
    lib.mana_free(ffi.gc(g, nil))
end

local function position(g)
    local buf = ffi.new("char[?]", MANA_MFN_MAX + 1)
    check(lib.mana_get_position(g, buf, MANA_MFN_MAX + 1), "mana_get_position")
    return ffi.string(buf)
end

-- examples/c/play_game's xorshift generator, on 64-bit cdata.
local function next_random(state)
    local s = state[0]
    s = bit.bxor(s, bit.lshift(s, 13))
    s = bit.bxor(s, bit.rshift(s, 7))
    s = bit.bxor(s, bit.lshift(s, 17))
    state[0] = s
    return s
end

local function play_random_game(seed)
    local state = ffi.new("uint64_t[1]", seed * 2 + 1)
    local moves = ffi.new("mana_move[?]", MANA_MAX_MOVES)
    local text = ffi.new("char[?]", MANA_MOVE_TEXT_MAX + 1)
    local g = new_game(MANA_RULES_COSMOLUDO)
    check(lib.mana_set_option(g, MANA_OPT_PLY_LIMIT, 1000), "mana_set_option")
    check(lib.mana_setup_random(g, seed), "mana_setup_random")
    local out = { "start: " .. position(g) .. "\n" }
    local plies = 0
    while check(lib.mana_status(g), "mana_status") == MANA_PLAYING do
        local n = check(lib.mana_legal_moves(g, moves, MANA_MAX_MOVES), "mana_legal_moves")
        local m = moves[tonumber(next_random(state) % n)]
        check(lib.mana_move_format(g, m, text, MANA_MOVE_TEXT_MAX + 1), "mana_move_format")
        check(lib.mana_play(g, m), "mana_play")
        out[#out + 1] = (plies % 10 ~= 0 and " " or (plies > 0 and "\n  " or "  ")) .. ffi.string(text)
        plies = plies + 1
    end
    local results = { [0] = "setup", "playing", "White won", "Black won", "drawn" }
    out[#out + 1] = string.format("\nend:   %s\n%s after %d moves\n", position(g), results[lib.mana_status(g)], plies)
    io.write(table.concat(out))
    free_game(g)
end

-- perft 4 of the README's position, then c6-c4 refused: c6 has 1 mark.
local function perft_and_refusal()
    local mfn = "2d3/6/2R1r1/1r4/3D2/6 b 3 3"
    local g = new_game(MANA_RULES_COSMOLUDO)
    check(lib.mana_set_position(g, mfn), "mana_set_position")
    local leaves = ffi.new("uint64_t[1]")
    check(lib.mana_perft(g, 4, leaves), "mana_perft")
    io.write(string.format("perft(4) = %s\n", (tostring(leaves[0]):gsub("ULL$", ""))))
    local from = check(lib.mana_square_parse("c6"), "mana_square_parse")
    local to = check(lib.mana_square_parse("c4"), "mana_square_parse")
    local m = bit.bor(bit.lshift(MANA_MOVE_STEP, MANA_MOVE_KIND_SHIFT), bit.lshift(to, MANA_MOVE_TO_SHIFT), from)
    local rc = lib.mana_play(g, m)
    if rc >= 0 or position(g) ~= mfn or lib.mana_history(g, nil, 0) ~= 0 then
        io.stderr:write("c6-c4 was not refused, or the game changed\n")
        os.exit(1)
    end
    io.write(string.format("refused c6-c4: %s (%s): %s\n", ffi.string(lib.mana_error_name(rc)),
        ffi.string(lib.mana_strerror(rc)), ffi.string(lib.mana_error_detail())))
    free_game(g)
end

-- The seed text, decimal digits only, as a uint64_t cdata: a Lua number is
-- a double, which has no room for every seed above 2^53.  Exits with a
-- message for anything else.
local function parse_seed(text)
    local seed, max = 0ULL, 0xffffffffffffffffULL
    local ok = text:match("^%d+$") ~= nil
    for d in text:gmatch("%d") do
        d = tonumber(d)
        if not ok or seed > (max - d) / 10 then
            ok = false
            break
        end
        seed = seed * 10 + d
    end
    if not ok then
        io.stderr:write(string.format("random_game.lua: SEED must be an integer 0..18446744073709551615, not '%s'\n", text))
        os.exit(2)
    end
    return seed
end

play_random_game(parse_seed(arg[1] or "1"))
perft_and_refusal()
