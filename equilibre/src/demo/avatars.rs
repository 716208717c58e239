//! Portrait placeholders for the demo experts, drawn here so the demo needs
//! no image files or network: a head-and-shoulders silhouette on a soft
//! background whose colours come from the expert's name.

const SIZE: u32 = 256;
/// Samples per pixel side, for smooth edges.
const SUPERSAMPLE: u32 = 3;

/// Soft backgrounds and matching silhouette tones.
const PALETTE: &[([u8; 3], [u8; 3])] = &[
    ([0xDD, 0xEB, 0xE3], [0x4F, 0x7A, 0x65]),
    ([0xE8, 0xE1, 0xF2], [0x6B, 0x55, 0x8F]),
    ([0xF6, 0xE6, 0xD6], [0x9A, 0x62, 0x3C]),
    ([0xDC, 0xE8, 0xF2], [0x3F, 0x67, 0x8C]),
    ([0xF3, 0xDF, 0xE2], [0x8E, 0x4A, 0x57]),
    ([0xE6, 0xEE, 0xD8], [0x5E, 0x73, 0x3B]),
];

/// A PNG portrait for `seed` (the expert's name): same seed, same picture.
pub fn portrait(seed: &str) -> Vec<u8> {
    let hash = seed.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    let (background, figure) = PALETTE[(hash % PALETTE.len() as u64) as usize];
    // Slight variations of the head size and shoulder width per person.
    let head = 0.17 + (((hash >> 8) % 5) as f32) * 0.008;
    let shoulders = 0.36 + (((hash >> 16) % 5) as f32) * 0.015;

    let mut pixels = Vec::with_capacity((SIZE * SIZE * 3) as usize);
    let samples = (SUPERSAMPLE * SUPERSAMPLE) as f32;
    for y in 0..SIZE {
        for x in 0..SIZE {
            let mut covered = 0.0;
            for sy in 0..SUPERSAMPLE {
                for sx in 0..SUPERSAMPLE {
                    let u = (x as f32 + (sx as f32 + 0.5) / SUPERSAMPLE as f32) / SIZE as f32;
                    let v = (y as f32 + (sy as f32 + 0.5) / SUPERSAMPLE as f32) / SIZE as f32;
                    if inside_figure(u, v, head, shoulders) {
                        covered += 1.0;
                    }
                }
            }
            let t = covered / samples;
            for channel in 0..3 {
                let mixed =
                    f32::from(background[channel]) * (1.0 - t) + f32::from(figure[channel]) * t;
                pixels.push(mixed.round() as u8);
            }
        }
    }
    encode(&pixels)
}

/// Head: a circle; shoulders: the top half of a wide ellipse at the bottom.
fn inside_figure(u: f32, v: f32, head: f32, shoulders: f32) -> bool {
    let (hx, hy) = (u - 0.5, v - 0.40);
    let in_head = hx * hx + hy * hy <= head * head;
    let (sx, sy) = ((u - 0.5) / shoulders, (v - 1.02) / 0.34);
    let in_shoulders = sx * sx + sy * sy <= 1.0;
    in_head || in_shoulders
}

/// Cover sizes: 16:9, small enough for a phone's card.
const COVER_WIDTH: u32 = 640;
const COVER_HEIGHT: u32 = 360;

/// A blog cover: a soft vertical gradient of `tint` with a pale sun and
/// two rolling hills, the same picture for the same tint.
pub fn cover(tint: [u8; 3]) -> Vec<u8> {
    let mix = |a: u8, b: u8, t: f32| (f32::from(a) * (1.0 - t) + f32::from(b) * t).round() as u8;
    let mut pixels = Vec::with_capacity((COVER_WIDTH * COVER_HEIGHT * 3) as usize);
    for y in 0..COVER_HEIGHT {
        for x in 0..COVER_WIDTH {
            let (u, v) = (
                x as f32 / COVER_WIDTH as f32,
                y as f32 / COVER_HEIGHT as f32,
            );
            let (sx, sy) = ((u - 0.72) * 16.0 / 9.0, v - 0.36);
            let hill = |offset: f32, height: f32| {
                v > height + 0.08 * (std::f32::consts::TAU * (u + offset)).sin()
            };
            let (colour, strength) = if hill(0.0, 0.78) {
                (tint, 0.75)
            } else if hill(0.35, 0.66) {
                (tint, 0.5)
            } else if sx * sx + sy * sy < 0.012 {
                ([0xFF, 0xF7, 0xE8], 0.9)
            } else {
                (tint, 0.15 + 0.2 * v)
            };
            pixels.extend(colour.map(|c| mix(0xFA, c, strength)));
        }
    }
    encode_sized(&pixels, COVER_WIDTH, COVER_HEIGHT)
}

fn encode(rgb: &[u8]) -> Vec<u8> {
    encode_sized(rgb, SIZE, SIZE)
}

fn encode_sized(rgb: &[u8], width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    let mut writer = encoder
        .write_header()
        .expect("an in-memory PNG header cannot fail");
    writer
        .write_image_data(rgb)
        .expect("an in-memory PNG body of the right size cannot fail");
    writer
        .finish()
        .expect("finishing an in-memory PNG cannot fail");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portraits_are_valid_pngs_and_differ_by_name() {
        let a = portrait("Claire Fontaine");
        let b = portrait("Arjun Menon");
        assert_eq!(&a[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(a, portrait("Claire Fontaine"));
        assert_ne!(a, b);
        let decoder = png::Decoder::new(std::io::Cursor::new(&a));
        let reader = decoder.read_info().unwrap();
        assert_eq!((reader.info().width, reader.info().height), (SIZE, SIZE));
        assert!(a.len() < 40 * 1024, "{} bytes", a.len());
    }

    #[test]
    fn covers_are_wide_pngs() {
        let c = cover([0x4F, 0x7A, 0x65]);
        let reader = png::Decoder::new(std::io::Cursor::new(&c))
            .read_info()
            .unwrap();
        assert_eq!(
            (reader.info().width, reader.info().height),
            (COVER_WIDTH, COVER_HEIGHT)
        );
        assert_ne!(c, cover([0x8E, 0x4A, 0x57]));
        assert!(c.len() < 60 * 1024, "{} bytes", c.len());
    }
}
