#!/usr/bin/env python3
"""Drive a Wyoming server with the real `wyoming` client library (the one Home Assistant uses).

    python3 scripts/wyoming_client.py HOST PORT COMMAND [ARG]

Commands:
    describe                 describe -> info (parsed with wyoming.info.Info)
    transcribe WAVFILE       transcribe, then audio-start/chunk.../audio-stop -> transcript
    transcribe-after WAVFILE audio-start/chunk.../audio-stop, then transcribe -> transcript
    synthesize TEXT          synthesize -> audio-start, audio-chunk..., audio-stop
    recognize TEXT           recognize -> intent | not-recognized
    handle TEXT              transcript (to a handling service) -> handled | not-handled
    ping TEXT                ping -> pong
    garbage                  a line that is not JSON -> error (then the connection closes)
    oversized                a header announcing 1 GB of data -> error (then the connection closes)
    idle SECONDS             connect, send nothing, wait up to SECONDS for an event -> error | closed | timeout
    crowd N                  N connections at once, each asks describe -> how many got info / error / closed

Prints one JSON line: what came back. Exit status 0 unless the command itself is wrong or the
connection fails.
"""

import asyncio
import json
import sys
import wave
from typing import Any, Dict, List, Optional

from wyoming.asr import Transcribe, Transcript
from wyoming.audio import AudioChunk, AudioStart, AudioStop, wav_to_chunks
from wyoming.client import AsyncTcpClient
from wyoming.error import Error
from wyoming.event import Event
from wyoming.handle import Handled, NotHandled
from wyoming.info import Describe, Info
from wyoming.intent import Intent, NotRecognized, Recognize
from wyoming.ping import Ping, Pong
from wyoming.tts import Synthesize, SynthesizeVoice

TIMEOUT = 20.0


def describe_event(event: Optional[Event]) -> Dict[str, Any]:
    """A JSON-friendly summary of an event the server sent (or of the connection closing)."""
    if event is None:
        return {"type": "closed"}
    if Error.is_type(event.type):
        error = Error.from_event(event)
        return {"type": "error", "text": error.text, "code": error.code}
    if Info.is_type(event.type):
        info = Info.from_event(event)
        return {
            "type": "info",
            "asr": [p.name for p in info.asr],
            "tts": [p.name for p in info.tts],
            "intent": [p.name for p in info.intent],
            "handle": [p.name for p in info.handle],
            "asr_languages": [lang for p in info.asr for m in p.models for lang in m.languages],
            "voices": [v.name for p in info.tts for v in p.voices],
            "attribution": info.asr[0].attribution.name if info.asr else None,
        }
    if Transcript.is_type(event.type):
        transcript = Transcript.from_event(event)
        return {"type": "transcript", "text": transcript.text, "language": transcript.language}
    if Intent.is_type(event.type):
        intent = Intent.from_event(event)
        return {
            "type": "intent",
            "name": intent.name,
            "entities": [{"name": e.name, "value": e.value} for e in intent.entities],
            "text": intent.text,
        }
    if NotRecognized.is_type(event.type):
        return {"type": "not-recognized", "text": NotRecognized.from_event(event).text}
    if Handled.is_type(event.type):
        return {"type": "handled", "text": Handled.from_event(event).text}
    if NotHandled.is_type(event.type):
        return {"type": "not-handled", "text": NotHandled.from_event(event).text}
    if Pong.is_type(event.type):
        return {"type": "pong", "text": Pong.from_event(event).text}
    return {"type": event.type, "data": event.data}


async def read(client: AsyncTcpClient) -> Optional[Event]:
    try:
        return await client.read_event()
    except (ConnectionError, asyncio.IncompleteReadError):
        return None


async def connect(host: str, port: int) -> AsyncTcpClient:
    client = AsyncTcpClient(host, port, connect_timeout=TIMEOUT, read_timeout=TIMEOUT)
    await client.connect()
    return client


async def close(client: AsyncTcpClient) -> None:
    try:
        await client.disconnect()
    except OSError:  # the server closed first
        pass


async def request(host: str, port: int, events: List[Event]) -> Dict[str, Any]:
    """Sends `events`, returns the first answer."""
    client = await connect(host, port)
    try:
        for event in events:
            await client.write_event(event)
        return describe_event(await read(client))
    finally:
        await close(client)


def wav_events(path: str) -> List[Event]:
    with wave.open(path, "rb") as wav_file:
        return [
            chunk.event()
            for chunk in wav_to_chunks(wav_file, samples_per_chunk=1024, start_event=True, stop_event=True)
        ]


async def transcribe(host: str, port: int, path: str, after: bool) -> Dict[str, Any]:
    audio = wav_events(path)
    ask = Transcribe(language="en").event()
    return await request(host, port, audio + [ask] if after else [ask] + audio)


async def synthesize(host: str, port: int, text: str) -> Dict[str, Any]:
    client = await connect(host, port)
    try:
        await client.write_event(Synthesize(text=text, voice=SynthesizeVoice(name="alba")).event())
        start: Optional[AudioStart] = None
        audio = bytearray()
        chunks = 0
        rates = set()
        while True:
            event = await read(client)
            if event is None or Error.is_type(event.type):
                return describe_event(event)
            if AudioStart.is_type(event.type):
                start = AudioStart.from_event(event)
            elif AudioChunk.is_type(event.type):
                chunk = AudioChunk.from_event(event)
                rates.add((chunk.rate, chunk.width, chunk.channels))
                audio.extend(chunk.audio)
                chunks += 1
            elif AudioStop.is_type(event.type):
                break
        assert start is not None, "no audio-start before audio-stop"
        return {
            "type": "audio",
            "rate": start.rate,
            "width": start.width,
            "channels": start.channels,
            "chunks": chunks,
            "samples": len(audio) // (start.width * start.channels),
            "chunk_formats_match": rates <= {(start.rate, start.width, start.channels)},
            "peak": max((abs(int.from_bytes(audio[i:i + 2], "little", signed=True)) for i in range(0, len(audio), 2)), default=0),
        }
    finally:
        await close(client)


async def raw(host: str, port: int, data: bytes) -> Dict[str, Any]:
    """Writes bytes that are not a valid event, returns the answer and whether the server then closed."""
    client = await connect(host, port)
    try:
        assert client._writer is not None  # pylint: disable=protected-access
        client._writer.write(data)  # pylint: disable=protected-access
        await client._writer.drain()  # pylint: disable=protected-access
        answer = describe_event(await read(client))
        answer["closed_after"] = (await read(client)) is None
        return answer
    finally:
        await close(client)


async def idle(host: str, port: int, seconds: float) -> Dict[str, Any]:
    """Connects and says nothing: what does the server do?"""
    client = await connect(host, port)
    try:
        client.read_timeout = seconds
        try:
            return describe_event(await read(client))
        except asyncio.TimeoutError:
            return {"type": "timeout"}
    finally:
        await close(client)


async def crowd(host: str, port: int, count: int) -> Dict[str, Any]:
    """Opens `count` connections together; the ones refused get an error (or a close) before asking anything."""
    clients = [await connect(host, port) for _ in range(count)]
    await asyncio.sleep(0.3)
    results: List[str] = []
    for client in clients:
        client.read_timeout = 0.3
        try:
            refused = await read(client)
            results.append(describe_event(refused)["type"])  # refused: error or closed
            continue
        except asyncio.TimeoutError:
            pass
        client.read_timeout = TIMEOUT
        await client.write_event(Describe().event())
        results.append(describe_event(await read(client))["type"])
    for client in clients:
        await close(client)
    return {"type": "crowd", "results": results}


async def main(argv: List[str]) -> int:
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    host, port, command, args = argv[0], int(argv[1]), argv[2], argv[3:]
    if command == "describe":
        result = await request(host, port, [Describe().event()])
    elif command in ("transcribe", "transcribe-after") and len(args) == 1:
        result = await transcribe(host, port, args[0], after=command == "transcribe-after")
    elif command == "synthesize" and len(args) == 1:
        result = await synthesize(host, port, args[0])
    elif command == "recognize" and len(args) == 1:
        result = await request(host, port, [Recognize(text=args[0]).event()])
    elif command == "handle" and len(args) == 1:
        result = await request(host, port, [Transcript(text=args[0]).event()])
    elif command == "ping" and len(args) == 1:
        result = await request(host, port, [Ping(text=args[0]).event()])
    elif command == "garbage":
        result = await raw(host, port, b"this is not a wyoming event\n")
    elif command == "oversized":
        result = await raw(host, port, json.dumps({"type": "describe", "data_length": 1_000_000_000}).encode() + b"\n")
    elif command == "idle" and len(args) == 1:
        result = await idle(host, port, float(args[0]))
    elif command == "crowd" and len(args) == 1:
        result = await crowd(host, port, int(args[0]))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
