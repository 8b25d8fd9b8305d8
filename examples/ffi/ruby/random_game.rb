# SPDX-License-Identifier: MIT
# random_game.rb - libmana's C ABI from Ruby's Fiddle (docs/ffi.md).
#
#   ruby examples/ffi/ruby/random_game.rb [SEED]
#
# Plays the game examples/c/play_game plays for SEED (a random setup from
# mana_setup_random, then moves chosen by the same xorshift generator) and
# prints what it prints; then perft 4 of the README's position and one
# refused illegal move with its detail.  tests/ffi/check-ffi.sh compares
# the output with the C programs'.  The library: $MANA_LIBRARY, else
# build/libmana.so of this tree, by absolute path (Debian's RDMA packages
# install an unrelated libmana.so.1 that a bare name could find).
require 'fiddle'
require 'fiddle/import'

# Only what this script calls, copied from include/mana.h.
module Mana
  extend Fiddle::Importer
  dlload(ENV['MANA_LIBRARY'].to_s.empty? ? File.expand_path('../../../build/libmana.so', __dir__) : ENV['MANA_LIBRARY'])
  typealias 'mana_move', 'uint32_t'
  extern 'void *mana_new(int)'
  extern 'void mana_free(void *)'
  extern 'int mana_set_option(void *, int, int)'
  extern 'int mana_setup_random(void *, uint64_t)'
  extern 'int mana_set_position(void *, const char *)'
  extern 'int mana_get_position(const void *, char *, size_t)'
  extern 'int mana_status(const void *)'
  extern 'int mana_legal_moves(const void *, mana_move *, int)'
  extern 'int mana_move_format(const void *, mana_move, char *, size_t)'
  extern 'int mana_play(void *, mana_move)'
  extern 'int mana_history(const void *, mana_move *, int)'
  extern 'int mana_square_parse(const char *)'
  extern 'int mana_perft(void *, int, uint64_t *)'
  extern 'const char *mana_strerror(int)'
  extern 'const char *mana_error_name(int)'
  extern 'const char *mana_error_detail(void)'

  # Constants of include/mana.h (pinned by its ABI policy).
  RULES_COSMOLUDO = 1
  OPT_PLY_LIMIT = 7
  PLAYING = 1
  ENOMEM = -6
  MAX_MOVES = 128
  MOVE_TEXT_MAX = 5
  MFN_MAX = 47
  MOVE_STEP = 1
  MOVE_TO_SHIFT = 6
  MOVE_KIND_SHIFT = 12

  # The value of rc, or exit with the library's message if it is an error.
  def self.check(rc, what)
    if rc.negative?
      warn "#{what}: #{mana_strerror(rc)} (#{mana_error_detail})"
      exit 1
    end
    rc
  end

  # A new game, passed to the block and freed after it.
  def self.with_game(preset)
    g = mana_new(preset)
    check(ENOMEM, 'mana_new') if g.null?
    yield g
  ensure
    mana_free(g) if g && !g.null?
  end

  # A buffer of size bytes that Ruby frees.
  def self.buffer(size)
    Fiddle::Pointer.malloc(size, Fiddle::RUBY_FREE)
  end

  def self.position(g)
    buf = buffer(MFN_MAX + 1)
    check(mana_get_position(g, buf, MFN_MAX + 1), 'mana_get_position')
    buf.to_s
  end
end

MASK64 = (1 << 64) - 1

# examples/c/play_game's xorshift generator, on 64 bits.
def next_random(s)
  s ^= (s << 13) & MASK64
  s ^= s >> 7
  s ^ ((s << 17) & MASK64)
end

def play_random_game(seed)
  state = (seed * 2 + 1) & MASK64
  moves = Mana.buffer(4 * Mana::MAX_MOVES)
  text = Mana.buffer(Mana::MOVE_TEXT_MAX + 1)
  Mana.with_game(Mana::RULES_COSMOLUDO) do |g|
    Mana.check(Mana.mana_set_option(g, Mana::OPT_PLY_LIMIT, 1000), 'mana_set_option')
    Mana.check(Mana.mana_setup_random(g, seed), 'mana_setup_random')
    out = +"start: #{Mana.position(g)}\n"
    plies = 0
    while Mana.check(Mana.mana_status(g), 'mana_status') == Mana::PLAYING
      n = Mana.check(Mana.mana_legal_moves(g, moves, Mana::MAX_MOVES), 'mana_legal_moves')
      state = next_random(state)
      m = moves[0, 4 * n].unpack('L*')[state % n]
      Mana.check(Mana.mana_move_format(g, m, text, Mana::MOVE_TEXT_MAX + 1), 'mana_move_format')
      Mana.check(Mana.mana_play(g, m), 'mana_play')
      out << (plies % 10 != 0 ? ' ' : (plies.positive? ? "\n  " : '  ')) << text.to_s
      plies += 1
    end
    results = ['setup', 'playing', 'White won', 'Black won', 'drawn']
    out << "\nend:   #{Mana.position(g)}\n#{results[Mana.mana_status(g)]} after #{plies} moves\n"
    print out
  end
end

# perft 4 of the README's position, then c6-c4 refused: c6 has 1 mark.
def perft_and_refusal
  mfn = '2d3/6/2R1r1/1r4/3D2/6 b 3 3'
  Mana.with_game(Mana::RULES_COSMOLUDO) do |g|
    Mana.check(Mana.mana_set_position(g, mfn), 'mana_set_position')
    leaves = Mana.buffer(8)
    Mana.check(Mana.mana_perft(g, 4, leaves), 'mana_perft')
    puts "perft(4) = #{leaves[0, 8].unpack1('Q')}"
    from = Mana.check(Mana.mana_square_parse('c6'), 'mana_square_parse')
    to = Mana.check(Mana.mana_square_parse('c4'), 'mana_square_parse')
    m = (Mana::MOVE_STEP << Mana::MOVE_KIND_SHIFT) | (to << Mana::MOVE_TO_SHIFT) | from
    rc = Mana.mana_play(g, m)
    if rc >= 0 || Mana.position(g) != mfn || Mana.mana_history(g, nil, 0) != 0
      warn 'c6-c4 was not refused, or the game changed'
      exit 1
    end
    puts "refused c6-c4: #{Mana.mana_error_name(rc)} (#{Mana.mana_strerror(rc)}): #{Mana.mana_error_detail}"
  end
end

# The seed text, decimal digits only, as an Integer 0..2^64-1 (Integer()
# alone would take "-1", "1_0" and seeds the C parameter cannot hold).
# Exits with a message for anything else.
def parse_seed(text)
  seed = text.match?(/\A[0-9]+\z/) ? Integer(text, 10) : -1
  return seed if seed.between?(0, MASK64)

  warn "random_game.rb: SEED must be an integer 0..18446744073709551615, not '#{text}'"
  exit 2
end

play_random_game(parse_seed(ARGV.fetch(0, '1')))
perft_and_refusal
