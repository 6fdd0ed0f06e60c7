/**
 * The answers game (spec §2 /preguntas/juego): what it is and how points work, then the game
 * itself (an island) for a signed-in customer, or a sign-in link that comes back here.
 */
import { Trans } from '@lingui/react/macro';
import { Island } from '../components/island';
import { POINTS } from '../../worker/domain/ugc/points';
import type { GameTurn } from '../../worker/ugc/game';
import AnswersGame from '../islands/answers-game';

export interface AnswersGamePageData {
  /** Null for an anonymous visitor. */
  game: { hasNick: boolean; turn: GameTurn } | null;
  loginHref: string;
  rankingHref: string;
}

export default function AnswersGamePage({ data }: { data: AnswersGamePageData }) {
  const perAnswer = POINTS.answer + POINTS.gameAnswer;
  return (
    <div className="community">
      <section className="hero" aria-labelledby="game-title">
        <h1 id="game-title">
          <Trans>Answers game</Trans>
        </h1>
        <p>
          <Trans>Other shoppers ask about products you already own. Answer their questions one after another: each published answer earns you {perAnswer} points for the user ranking.</Trans>
        </p>
        <p>
          <a href={data.rankingHref}>
            <Trans>See the user ranking</Trans>
          </a>
        </p>
      </section>
      {data.game ? (
        <Island name="answers-game" component={AnswersGame} props={{ turn: data.game.turn, hasNick: data.game.hasNick, rankingHref: data.rankingHref }} hydrate="idle" />
      ) : (
        <section className="community__sign-in" aria-labelledby="game-sign-in">
          <h2 id="game-sign-in">
            <Trans>Sign in to play</Trans>
          </h2>
          <p>
            <Trans>The game shows you questions about the products you bought with your account.</Trans>
          </p>
          <p>
            <a className="button" href={data.loginHref}>
              <Trans>Sign in</Trans>
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
