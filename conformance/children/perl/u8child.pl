#!/usr/bin/perl
# SPDX-License-Identifier: MIT
#
# u8child.pl - Perl's Encode as a u8conform --exec child.
#
# Speaks conformance/PROTOCOL.md on stdin/stdout; the one argument picks
# the decoder judged (%VARIANTS).  Core modules only.  Encode has no
# one-character decoder, so next is not declared; its incremental mode
# (STOP_AT_PARTIAL) is there for PerlIO layers and does not replace, so
# stream is not declared either.  Encode's lax 'utf8' is left out on
# purpose: it decodes values wider than the protocol's 32 bits.
use v5.36;
use Encode ();

# Function numbers, PROTOCOL.md "Batches".
use constant {
    DECODE    => 0,
    VALIDATE  => 1,
    ENCODE    => 3,
    NOT_KNOWN => 0xFFFFFFFF,
};

# Encode::decode('UTF-8', ...) looks the encoding up on every call; its
# object, looked up once, decodes the same at a seventh of the cost.
my $UTF8 = Encode::find_encoding('UTF-8');

my %VARIANTS = (
    encode => {
        name   => q{Perl Encode::decode('UTF-8')},
        decode => sub ($b) { $UTF8->decode($b, Encode::FB_DEFAULT) },

        # FB_QUIET stops at the first error and leaves the unprocessed
        # bytes in its argument: what it left says where the error is.
        validate => sub ($b) {
            my $rest = $b;
            $UTF8->decode($rest, Encode::FB_QUIET);
            return length $rest ? (0, length($b) - length($rest)) : (1, NOT_KNOWN);
        },

        # Strict UTF-8 writes U+FFFD for a surrogate or a value past
        # U+10FFFF rather than refusing it; the bytes are reported as
        # they come.
        encode => sub ($cp) {
            no warnings;    # chr of a surrogate or a non-Unicode value
            return Encode::encode('UTF-8', chr $cp);
        },
    },
);
my $FUNCTIONS = 1 << DECODE | 1 << VALIDATE | 1 << ENCODE;

sub hello ($v) {
    my $version = sprintf '%s (perl %vd)', $Encode::VERSION, $^V;
    return 'H' . pack('V3 V/a* V/a*', 1, $FUNCTIONS, 0, $v->{name}, $version);
}

sub batch ($v, $p) {
    my $count = unpack 'x V', $p;
    my $at    = 5;
    my $out   = 'R' . pack('V', $count);
    for (1 .. $count) {
        my ($fn, $arg) = unpack "x$at C V", $p;
        $at += 5;
        if ($fn == ENCODE) {
            $out .= pack 'V/a*', $v->{encode}->($arg);
            next;
        }
        my $b = substr $p, $at, $arg;
        $at += $arg;
        if ($fn == DECODE) {
            $out .= pack 'V/V*', unpack('W*', $v->{decode}->($b));
        } elsif ($fn == VALIDATE) {
            $out .= pack 'V2', $v->{validate}->($b);
        } else {
            die "u8child.pl: function $fn was not declared\n";
        }
    }
    return $out;
}

# Reads n bytes; fewer only at the end of stdin.
sub read_exactly ($n) {
    my $buf = '';
    while (length $buf < $n) {
        my $got = read STDIN, $buf, $n - length $buf, length $buf;
        die "u8child.pl: $!\n" unless defined $got;
        last if $got == 0;
    }
    return $buf;
}

my $v = @ARGV == 1 && $VARIANTS{ $ARGV[0] }
  or die 'usage: u8child.pl ' . join('|', sort keys %VARIANTS) . "\n";
binmode STDIN;
binmode STDOUT;
$| = 1;    # each frame leaves in one print, flushed
while (1) {
    my $head = read_exactly(4);
    exit 0 if $head eq '';    # the end of stdin is the end of the run
    my $size = length $head == 4 ? unpack('V', $head) : -1;
    my $p    = $size < 0 ? '' : read_exactly($size);
    die "u8child.pl: stdin ended inside a frame\n" if length $p != $size;
    my $frame =
        $p eq 'Hu8x1'                     ? hello($v)
      : length $p >= 5 && substr($p, 0, 1) eq 'B' ? batch($v, $p)
      :   die "u8child.pl: unexpected frame of $size bytes\n";
    print pack('V', length $frame), $frame;
}
