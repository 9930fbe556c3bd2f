# getevent logs for checking that the Android importer's results do not change (issue #21):
# Henze 2017 (converted to a trace file first) written as a protocol B log with two devices,
# 10 % decimal values, tabs, EV_MSC and key events; a single-touch pen log with hover, tilt,
# DOWN/UP, SYN_DROPPED, `+` values, Kelvin-sign lines and CRLF; twelve logs that must fail.
# Seeded, so the same files each time. Usage: python3 Tools/getevent_golden_logs.py HENZE.lktrace.csv OUT-FOLDER
# (Tools/getevent_golden.sh runs it, converts every log and prints the hashes.)
import csv, random
random.seed(21)
import sys
out=sys.argv[2].rstrip('/')+'/'
def stamp(t): return "[%14.6f]" % t
# 1. Henze 2017 as protocol B, one contact at a time
rows=[l for l in open(sys.argv[1]) if l.startswith('sample,')]
strokes={}
for l in rows:
    f=l.split(',')
    strokes.setdefault(f[1],[]).append((float(f[3]),float(f[4]),float(f[5])))
L=["add device 1: /dev/input/event1","  name:     \"gpio-keys\"","add device 2: /dev/input/event2","  name:     \"touch\"","  events:",
"    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0",
"                ABS_MT_POSITION_X     : value 0, min 0, max 20000, fuzz 0, flat 0, resolution 12",
"                ABS_MT_POSITION_Y     : value 0, min 0, max 20000, fuzz 0, flat 0, resolution 12",
"                ABS_MT_PRESSURE       : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0",""]
clock=100.0; tid=0
def ev(t,typ,code,val,dev="/dev/input/event2",dec=False):
    v=str(val) if dec else "%08x"%(val & 0xffffffff)
    sep=random.choice([" ","  ","\t"]) if random.random()<0.05 else " "
    L.append("%s %s: %-12s%s%-20s %s" % (stamp(t),dev,typ,sep,code,v))
for k,s in list(strokes.items())[:4000]:
    t0=s[0][0]; tid+=1
    ev(clock,"EV_ABS","ABS_MT_TRACKING_ID",tid)
    last=clock
    for (t,x,y) in s:
        last=clock+(t-t0)
        dec=random.random()<0.1
        ev(last,"EV_ABS","ABS_MT_POSITION_X",int(round(x*8)),dec=dec)
        ev(last,"EV_ABS","ABS_MT_POSITION_Y",int(round(y*8)),dec=dec)
        if random.random()<0.5: ev(last,"EV_ABS","ABS_MT_PRESSURE",random.randint(1,255))
        if random.random()<0.3: ev(last,"EV_MSC","MSC_TIMESTAMP",random.randint(0,1<<20))
        if random.random()<0.01: ev(last,"EV_KEY","KEY_VOLUMEUP","DOWN" if random.random()<.5 else 1,dev="/dev/input/event1",dec=True)
        ev(last,"EV_SYN","SYN_REPORT",0)
    ev(last,"EV_ABS","ABS_MT_TRACKING_ID",-1)
    ev(last,"EV_SYN","SYN_REPORT",0)
    clock=last+0.5
open(out+'henze.getevent.txt','w').write("\n".join(L)+"\n")
# 2. a pen log, single touch, with quirks
L=["add device 3: /dev/input/event5","  events:",
"    ABS (0003): ABS_X                 : value 0, min 0, max 20000, fuzz 0, flat 0, resolution 40",
"                ABS_Y                 : value 0, min 0, max 20000, fuzz 0, flat 0, resolution 40",
"                ABS_PRESSURE          : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0",
"                ABS_TILT_X            : value 0, min -90, max 90, fuzz 0, flat 0, resolution 57",
"                ABS_TILT_Y            : value 0, min -90, max 90, fuzz 0, flat 0, resolution 57",""]
t=50.0
def pev(typ,code,val,dec=False,end=""):
    v=val if isinstance(val,str) else (str(val) if dec else "%08x"%(val & 0xffffffff))
    L.append("%s /dev/input/event5: %s %s %s%s" % (stamp(t),typ,code,v,end))
for stroke in range(300):
    pev("EV_KEY","BTN_TOOL_PEN","DOWN")
    x=random.randint(0,20000); y=random.randint(0,20000)
    for i in range(random.randint(2,8)):  # hover
        x+=random.randint(-30,30); pev("EV_ABS","ABS_X",x); pev("EV_ABS","ABS_Y",y); pev("EV_SYN","SYN_REPORT",0); t+=0.004
    pev("EV_KEY","BTN_TOUCH","DOWN" if stroke%3 else 1, dec=True)
    for i in range(random.randint(5,60)):
        x+=random.randint(-30,30); y+=random.randint(-30,30)
        pev("EV_ABS","ABS_X",x,dec=random.random()<.2); pev("EV_ABS","ABS_Y",y,end="" if random.random()<0.02 else "")  # the draw keeps the seeded logs as they were
        pev("EV_ABS","ABS_PRESSURE",random.randint(0,4095)); pev("EV_ABS","ABS_TILT_X",random.randint(-60,60)); pev("EV_ABS","ABS_TILT_Y",random.randint(-60,60),dec=True)
        if random.random()<0.01: pev("EV_SYN","SYN_DROPPED",0); pev("EV_ABS","ABS_X",1)
        if random.random()<0.01: L.append("%s /dev/input/event5: EV_\u212aEY BTN_TOUCH DOWN" % stamp(t))
        if random.random()<0.02: pev("EV_ABS","ABS_X","+%d" % x)
        pev("EV_SYN","SYN_REPORT",0); t+=0.004
    pev("EV_KEY","BTN_TOUCH","UP"); pev("EV_SYN","SYN_REPORT",0); t+=0.004
    pev("EV_KEY","BTN_TOOL_PEN",0); pev("EV_SYN","SYN_REPORT",0); t+=0.3
open(out+'pen.getevent.txt','w',newline='').write("\r\n".join(L)+"\r\n")
# 3. broken logs (one error each)
good="[   1.000000] /dev/input/event2: EV_ABS ABS_MT_TRACKING_ID 00000001\n[   1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000001\n[   1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_Y 00000001\n[   1.000000] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n"
bad=["[   2.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 0000001g","[   2.0x] EV_ABS ABS_X 1","[   2.000000 EV_ABS ABS_X 1","[   2.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X","[   2.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 1 2",
 "[   2.000000] /dev/input/event2: EV_ABS ABS_MT_SLOT 00010000","[   2.000000] /dev/input/event2: EV_SYN SYN_MT_REPORT 0","[   2.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 99999999999","[   2.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X \u00e9","[   2.000000] /dev/input/event2: EV_ABS\u00a0ABS_MT_POSITION_X 1",
 "[   2.000000] /dev/input/event3: EV_ABS ABS_MT_POSITION_X 1"]
for i,b in enumerate(bad):
    open(out+'bad%02d.getevent.txt'%i,'w').write(good+b+"\n"+good)
open(out+'numeric.getevent.txt','w').write("[   1.000000] /dev/input/event2: 0003 0035 000001a4\n")
