//! Ending games early from the engines' own scores.
//!
//! `--draw-adjudication movenumber=40,movecount=8,score=10`: from move 40 on, a
//! draw once both engines' last 8 scores are all within ±10 cp.
//! `--resign-adjudication movecount=4,score=700`: a loss for the side whose last
//! 4 scores are all ≤ −700 while its opponent's last 4 are all ≥ +700 (both
//! engines must agree). Engines that report no score are never adjudicated.

use crate::geometry::Color;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAdj {
    pub movenumber: u32,
    pub movecount: usize,
    pub score: i32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignAdj {
    pub movecount: usize,
    pub score: i32,
}

fn pairs(text: &str) -> Result<Vec<(String, i64)>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|p| {
            let (k, v) = p
                .split_once('=')
                .ok_or_else(|| format!("'{p}' is not name=value"))?;
            let v = v
                .trim()
                .parse()
                .map_err(|_| format!("bad number in '{p}'"))?;
            Ok((k.trim().to_string(), v))
        })
        .collect()
}

impl DrawAdj {
    pub fn parse(text: &str) -> Result<DrawAdj, String> {
        let mut d = DrawAdj {
            movenumber: 40,
            movecount: 8,
            score: 10,
        };
        for (k, v) in pairs(text)? {
            match k.as_str() {
                "movenumber" => d.movenumber = v.max(0) as u32,
                "movecount" => d.movecount = v.max(1) as usize,
                "score" => d.score = v.max(0) as i32,
                _ => return Err(format!("unknown draw adjudication key '{k}'")),
            }
        }
        Ok(d)
    }
}

impl ResignAdj {
    pub fn parse(text: &str) -> Result<ResignAdj, String> {
        let mut r = ResignAdj {
            movecount: 4,
            score: 700,
        };
        for (k, v) in pairs(text)? {
            match k.as_str() {
                "movecount" => r.movecount = v.max(1) as usize,
                "score" => r.score = v.max(1) as i32,
                _ => return Err(format!("unknown resign adjudication key '{k}'")),
            }
        }
        Ok(r)
    }
}

/// The last `n` scores, if there are `n` and all were reported.
fn last(scores: &[Option<i32>], n: usize) -> Option<Vec<i32>> {
    if scores.len() < n {
        return None;
    }
    scores[scores.len() - n..].iter().copied().collect()
}

/// Draw by scores? `plies` counts every move of the game so far.
pub fn draw(adj: &DrawAdj, plies: usize, scores: &[Vec<Option<i32>>; 2]) -> bool {
    plies >= 2 * adj.movenumber as usize
        && scores
            .iter()
            .all(|s| last(s, adj.movecount).is_some_and(|v| v.iter().all(|x| x.abs() <= adj.score)))
}

/// The side that loses by resign adjudication, if any.
pub fn resign(adj: &ResignAdj, scores: &[Vec<Option<i32>>; 2]) -> Option<Color> {
    let all = |c: Color, f: &dyn Fn(i32) -> bool| {
        last(&scores[c.index()], adj.movecount).is_some_and(|v| v.iter().all(|&x| f(x)))
    };
    Color::ALL
        .into_iter()
        .find(|&c| all(c, &|x| x <= -adj.score) && all(c.flip(), &|x| x >= adj.score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_decide() {
        let d = DrawAdj::parse("movenumber=2,movecount=2,score=5").unwrap();
        let s = [vec![Some(3), Some(-5)], vec![Some(0), Some(4)]];
        assert!(draw(&d, 4, &s));
        assert!(!draw(&d, 3, &s));
        let s2 = [vec![Some(3), Some(-6)], vec![Some(0), Some(4)]];
        assert!(!draw(&d, 4, &s2));
        let s3 = [vec![Some(3), None], vec![Some(0), Some(4)]];
        assert!(!draw(&d, 4, &s3));

        let r = ResignAdj::parse("movecount=2,score=500").unwrap();
        let s = [
            vec![Some(10), Some(600), Some(900)],
            vec![Some(-550), Some(-800)],
        ];
        assert_eq!(resign(&r, &s), Some(Color::Black));
        let s = [vec![Some(600), Some(900)], vec![Some(-100), Some(-800)]];
        assert_eq!(resign(&r, &s), None);
        assert!(DrawAdj::parse("moves=3").is_err());
        assert!(ResignAdj::parse("score=x").is_err());
    }
}
